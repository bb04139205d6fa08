/**
 * The cabinet's 'Отзывы' tab (site-browsing-account.md 2.15 Reviews tab, 4 Review answers): the
 * fragment from /private/reviewsPage/ lists the buyer's reviews with the answers. An answer not
 * viewed yet (data-review-id) becomes viewed once half of it has been on screen: the server is
 * told (/private/markAsViewed/), the new-answers counter goes down by one and is removed at 0.
 */
import { metaContent } from '../forms.js';
import { sitePath } from '../site-path.js';
import type { CabinetPanel } from './panel.js';

/** Half of an answer in view counts as seen. */
const SEEN_RATIO = 0.5;

/** Tells the server the answer was seen; true when it is marked. */
async function markViewed(reviewId: string): Promise<boolean> {
  try {
    const res = await fetch(sitePath(`/private/markAsViewed/?reviewId=${encodeURIComponent(reviewId)}`), {
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-csrf-token': metaContent(document, 'csrf-token') },
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** One answer fewer on the counter; the counter goes at 0. */
function countDown(panel: HTMLElement): void {
  const counter = panel.querySelector<HTMLElement>('[data-new-answers]');
  if (!counter) return;
  const left = Math.max(0, Number(counter.dataset.newAnswers) - 1);
  if (left === 0) {
    counter.remove();
    return;
  }
  counter.dataset.newAnswers = String(left);
  const number = counter.querySelector<HTMLElement>('[data-new-answers-count]');
  if (number) number.textContent = String(left);
}

export const panel: CabinetPanel = {
  mount(root) {
    const answers = [...root.querySelectorAll<HTMLElement>('[data-review-id]')];
    if (answers.length === 0 || !('IntersectionObserver' in window)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting || entry.intersectionRatio < SEEN_RATIO) continue;
          const answer = entry.target as HTMLElement;
          const id = answer.dataset.reviewId;
          observer.unobserve(answer);
          if (!id) continue;
          void markViewed(id).then((marked) => {
            // Not recorded (a lost connection): it stays new here and on the server, for the next visit.
            if (!marked) return;
            delete answer.dataset.reviewId;
            answer.classList.add('review-answer--seen');
            countDown(root);
          });
        }
      },
      { threshold: SEEN_RATIO },
    );
    for (const answer of answers) observer.observe(answer);
  },
};
