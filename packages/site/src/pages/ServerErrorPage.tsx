/** @jsxRuntime automatic */
/** The 500 page: no header data (the database may be what failed), a way back and the support phone. */
export function ServerErrorPage({ data }: { data: { supportPhone: string } }) {
  return (
    <>
      <header className="site-header">
        <div className="container site-header__row">
          <a className="logo" href="/">
            <span className="logo__mark" aria-hidden="true">
              P
            </span>
            <span className="logo__word">Partera</span>
          </a>
        </div>
      </header>
      <main id="main" className="site-main">
        <div className="container not-found">
          <h1 className="page-title">Что-то пошло не так</h1>
          <p>На сервере произошла ошибка. Обновите страницу через минуту.</p>
          <p>Если ошибка повторяется, позвоните в службу поддержки: {data.supportPhone}.</p>
          <p>
            <a className="button" href="/">
              На главную
            </a>
          </p>
        </div>
      </main>
    </>
  );
}
