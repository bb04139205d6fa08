import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Alert } from './alert.js';
import { ConfirmDialog } from './confirm.js';
import { Toast, type ToastKind } from './toast.js';

export interface AlertRequest {
  message: string;
  title?: string;
  /** Keep the alert until the buyer closes it (errors whose closing reloads the page, popups). */
  persistent?: boolean;
  onClose?: () => void;
}

export interface ConfirmRequest {
  message: string;
  actionLabel: string;
  onConfirm: () => void;
}

export interface Notices {
  alert(request: AlertRequest): void;
  toast(message: string, kind?: ToastKind): void;
  confirm(request: ConfirmRequest): void;
  /** Render this once inside the widget. */
  view: ReactNode;
}

/** One alert, one toast and one confirmation at a time per widget; a newer one replaces the older. */
export function useNotices(): Notices {
  const [alertRequest, setAlert] = useState<AlertRequest | null>(null);
  const [toastRequest, setToast] = useState<{ message: string; kind: ToastKind; key: number } | null>(null);
  const [confirmRequest, setConfirm] = useState<ConfirmRequest | null>(null);

  const openAlert = useRef<AlertRequest | null>(null);

  const closeAlert = useCallback(() => {
    const closing = openAlert.current;
    openAlert.current = null;
    setAlert(null);
    closing?.onClose?.();
  }, []);
  const closeToast = useCallback(() => setToast(null), []);

  const alert = useCallback((request: AlertRequest) => {
    openAlert.current = request;
    setAlert(request);
  }, []);
  const toast = useCallback(
    (message: string, kind: ToastKind = 'error') => setToast({ message, kind, key: Date.now() }),
    [],
  );
  const confirm = useCallback((request: ConfirmRequest) => setConfirm(request), []);

  const view = (
    <>
      <div className="pt-toasts">
        {toastRequest ? (
          <Toast key={toastRequest.key} message={toastRequest.message} kind={toastRequest.kind} onClose={closeToast} />
        ) : null}
      </div>
      {confirmRequest ? (
        <ConfirmDialog
          message={confirmRequest.message}
          actionLabel={confirmRequest.actionLabel}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            setConfirm(null);
            confirmRequest.onConfirm();
          }}
        />
      ) : null}
      {alertRequest ? (
        <Alert
          message={alertRequest.message}
          title={alertRequest.title}
          autoCloseMs={alertRequest.persistent ? null : undefined}
          onClose={closeAlert}
        />
      ) : null}
    </>
  );

  return { alert, toast, confirm, view };
}
