/** @jsxRuntime automatic */

/**
 * The show page's wishlist button (site-browsing-account.md 2.9, 4 Bookmark): not bookmarked ↔
 * bookmarked, as a toggle button (aria-pressed). A guest gets a link to sign in instead (the
 * header's login popup with scripts, /login/ without), back to this show.
 */
export function BookmarkButton(props: { showId: number; showUrl: string; signedIn: boolean; bookmarked: boolean }) {
  if (!props.signedIn) {
    return (
      <a
        className="bookmark-button"
        href={`/login/?back=${encodeURIComponent(props.showUrl)}`}
        data-login-open=""
        title="Войдите, чтобы добавлять шоу в избранное"
      >
        <HeartIcon />
        <span>В избранное</span>
      </a>
    );
  }
  return (
    <button
      type="button"
      className="bookmark-button"
      aria-pressed={props.bookmarked ? 'true' : 'false'}
      data-bookmark={props.showId}
    >
      <HeartIcon />
      <span data-bookmark-label="">{props.bookmarked ? 'В избранном' : 'В избранное'}</span>
    </button>
  );
}

function HeartIcon() {
  return (
    <svg className="bookmark-button__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.2-9.4C1.7 7.8 3.9 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.7 1.1-1.6 2.7-2.7 4.7-2.7 3.4 0 5.6 3.3 4.5 6.6-1.7 4.8-9.2 9.4-9.2 9.4z"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * After adding: the popup offering to notify or not (spec 2.9), then the 3-second confirmation
 * (a status line the script fills).
 */
export function WishlistDialog({ showName }: { showName: string }) {
  return (
    <>
      <dialog className="auth-dialog wishlist-dialog" id="wishlist-dialog" aria-labelledby="wishlist-dialog-title">
        <h2 className="auth-dialog__title" id="wishlist-dialog-title">
          Добавлено в избранное
        </h2>
        <p>«{showName}» теперь в вашем избранном. Сообщить вам на e-mail, когда в продаже появятся новые даты?</p>
        <div className="auth-form__actions">
          <button type="button" className="button button--outline" data-wishlist-notify="0">
            Не сообщать
          </button>
          <button type="button" className="button" data-wishlist-notify="1">
            Сообщить о начале продаж
          </button>
        </div>
      </dialog>
      <p className="toast" role="status" data-wishlist-toast="" hidden />
    </>
  );
}
