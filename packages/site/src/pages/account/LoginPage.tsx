/** @jsxRuntime automatic */
import type { SiteChrome } from '../chrome.js';
import { Layout } from '../Layout.js';
import { LoginForm } from './LoginForm.js';

export interface LoginData {
  chrome: SiteChrome;
  back: string;
  error: string | null;
  csrf: { param: string; token: string };
}

/** /login/: the login form as a page (the popup's form, posted without scripts). */
export function LoginPage({ data }: { data: LoginData }) {
  return (
    <Layout chrome={data.chrome} loginDialog={false}>
      <div className="container auth-page">
        <h1 className="page-title">Вход</h1>
        <p className="auth-page__lead">Войдите по e-mail или подтверждённому телефону.</p>
        <LoginForm
          back={data.back}
          csrf={data.csrf}
          error={data.error}
          idPrefix="login-page"
          providers={data.chrome.oauthProviders}
        />
      </div>
    </Layout>
  );
}
