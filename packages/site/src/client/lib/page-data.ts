/** The data the server rendered the page with (document.ts writes it; '<' is escaped there). */
export function readPageData<T>(doc: Document = document): T {
  const script = doc.getElementById('page-data');
  if (!script?.textContent) throw new Error('page data missing');
  return JSON.parse(script.textContent) as T;
}

export function pageRoot(doc: Document = document): HTMLElement {
  const root = doc.getElementById('root');
  if (!root) throw new Error('page root missing');
  return root;
}
