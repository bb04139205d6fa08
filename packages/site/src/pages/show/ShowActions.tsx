/** @jsxRuntime automatic */
import { BookmarkButton, WishlistDialog } from './BookmarkButton.js';
import { OnSaleRequestButton, OnSaleRequestDialog } from './OnSaleRequest.js';
import { RatingStars } from './RatingStars.js';

/** What the show page shows of this visitor: signed in or not, their bookmark and their vote. */
export interface ShowViewer {
  signedIn: boolean;
  bookmarked: boolean;
  /** The visitor's own vote (1–5), or null when they have not voted. */
  myScore: number | null;
}

const GUEST: ShowViewer = { signedIn: false, bookmarked: false, myScore: null };

/**
 * The show page's visitor actions (site-browsing-account.md 2.9): the rating with its stars, the
 * wishlist button and, for a show with dates still to come on sale, the 'Скоро в продаже' request.
 */
export function ShowActions(props: {
  show: { id: number; name: string; url: string; rating: number; votes: number };
  viewer?: ShowViewer;
  /** Some dates are announced but not on sale yet, or nothing is on sale. */
  askable: boolean;
}) {
  const { show } = props;
  const viewer = props.viewer ?? GUEST;
  return (
    <div className="show-actions" data-show-actions={show.id}>
      <RatingStars showId={show.id} rating={show.rating} votes={show.votes} myScore={viewer.myScore} />
      <div className="show-actions__buttons">
        <BookmarkButton showId={show.id} showUrl={show.url} signedIn={viewer.signedIn} bookmarked={viewer.bookmarked} />
        {props.askable ? <OnSaleRequestButton /> : null}
      </div>
      {viewer.signedIn ? <WishlistDialog showName={show.name} /> : null}
      {props.askable ? <OnSaleRequestDialog showId={show.id} showName={show.name} /> : null}
    </div>
  );
}
