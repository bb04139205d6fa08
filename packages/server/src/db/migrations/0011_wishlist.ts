/** Placeholder: filled in by the wishlist work. */
export default `SELECT 1;`;
