/** @jsxRuntime automatic */
import { type ReactNode, useEffect, useState } from 'react';

/**
 * Renders `fallback` on the server and during hydration, then `children`. The core widgets run
 * only in the browser (they read the window, count down against the local clock and fetch), so
 * the server leaves a placeholder where they mount.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted && children ? children : fallback}</>;
}

export function WidgetPlaceholder({ label }: { label: string }) {
  return (
    <div className="widget-placeholder" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
      <noscript>
        <span className="widget-placeholder__noscript">Для покупки билетов включите JavaScript в браузере.</span>
      </noscript>
    </div>
  );
}
