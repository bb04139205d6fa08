/** @jsxRuntime automatic */

/**
 * A widget's 'more': a link that shows another step without scripts, which the client script
 * turns into a button appending the next items in place.
 */
export function MoreLink({ href, hidden }: { href: string; hidden: boolean }) {
  return (
    <p className="list-widget__more" hidden={hidden}>
      <a className="button button--outline" href={href} data-list-more="">
        Показать ещё
      </a>
    </p>
  );
}
