import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useT } from '../i18n';

/** Short confirmations and failures of writes, announced to screen readers, dismissed after a while. */
type Toast = { id: number; kind: 'ok' | 'error'; text: string };
type ToastApi = { ok: (text: string) => void; error: (text: string) => void };
const ToastContext = createContext<ToastApi | null>(null);
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const t = useT();
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (kind: Toast['kind'], text: string) => {
      const id = nextId++;
      setToasts((all) => [...all.slice(-3), { id, kind, text }]);
      window.setTimeout(() => dismiss(id), kind === 'error' ? 10_000 : 5_000);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(() => ({ ok: (text) => push('ok', text), error: (text) => push('error', text) }), [push]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" aria-live="polite" role="status">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.kind}`}>
            <span>{toast.text}</span>
            <button type="button" className="btn btn-icon" onClick={() => dismiss(toast.id)} aria-label={t('common.close')}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToasts(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToasts outside ToastProvider');
  return value;
}
