/** Placeholder: filled in by the refunds work. */
export default `SELECT 1;`;
