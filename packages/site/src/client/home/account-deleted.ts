/** After the cabinet deleted the account (/?account=deleted): a short notice, once. */
export function showAccountDeleted(doc: Document): void {
  const notice = doc.createElement('p');
  notice.className = 'container notice notice--info';
  notice.setAttribute('role', 'status');
  notice.dataset.accountDeleted = '';
  notice.textContent = 'Аккаунт удалён. Заказы и билеты остаются действительными.';
  doc.querySelector('#main')?.prepend(notice);
  const win = doc.defaultView ?? window;
  win.history.replaceState(null, '', win.location.pathname);
}
