/** @jsxRuntime automatic */
import { type SiteChrome, withSession } from '../chrome.js';

/** The city's whole programme (spec 2.12 landing, 2.8 schedule): the footer's way in (decision 0040). */
const BROWSE_LINKS = [
  ['/afisha/', 'Афиша города'],
  ['/schedule/', 'Расписание по дням'],
] as const;

export function BrowseLinks({ chrome }: { chrome: SiteChrome }) {
  return (
    <nav className="site-footer__links" aria-label="Афиша">
      <h2>Афиша</h2>
      <ul>
        {BROWSE_LINKS.map(([href, text]) => (
          <li key={href}>
            <a href={withSession(href, chrome.urlSession)} aria-current={chrome.path === href ? 'page' : undefined}>
              {text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
