/** @jsxRuntime automatic */

/**
 * The header's 'Избранное' link of a signed-in buyer (site-browsing-account.md 2.15: on mobile, a
 * header link scrolls to the wishlist section). The stylesheet shows it at 575 px and less only.
 */
export function WishlistHeaderLink() {
  return (
    <a className="wishlist-link" href="/private/#wishlist" data-wishlist-link="">
      Избранное
    </a>
  );
}
