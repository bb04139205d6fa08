/** Placeholder: filled in by the bonus work. */
export default `SELECT 1;`;
