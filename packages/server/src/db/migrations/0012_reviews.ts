/** Placeholder: filled in by the reviews work. */
export default `SELECT 1;`;
