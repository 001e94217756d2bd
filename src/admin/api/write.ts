import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorText } from '../components/States';
import { useToasts } from '../components/Toasts';
import { useT } from '../i18n';
import { AdminApiError } from './client';

/**
 * A write with the back office's common behaviour: on success a confirmation and a refresh of the lists and
 * records it touched; on failure the messages go to the form's fields when there is a form, and a version
 * conflict (409) says someone else changed the record and reloads it so the next attempt starts from theirs.
 */
export function useWrite<TBody, TResult, TForm extends FieldValues = FieldValues>(options: {
  mutationFn: (body: TBody) => Promise<TResult>;
  invalidate: QueryKey[];
  success?: string | ((result: TResult) => string);
  setError?: UseFormSetError<TForm>;
  onSuccess?: (result: TResult) => void;
  /** instead of the general conflict message: for a 409 whose answer says what moved (current stock figures), after the refresh */
  onConflict?: (error: AdminApiError) => void;
}) {
  const client = useQueryClient();
  const toasts = useToasts();
  const t = useT();
  const refresh = () => Promise.all(options.invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result) => {
      await refresh();
      const text = typeof options.success === 'function' ? options.success(result) : options.success;
      if (text) toasts.ok(text);
      options.onSuccess?.(result);
    },
    onError: async (error) => {
      if (error instanceof AdminApiError && error.status === 409) {
        if (!options.onConflict) toasts.error(t('errors.conflict'));
        await refresh();
        options.onConflict?.(error);
        return;
      }
      if (error instanceof AdminApiError && options.setError) {
        const fields = Object.entries(error.errors.fields);
        // the first refused field is focused, so its message is in view even at the bottom of a long dialog
        fields.forEach(([path, messages], index) => {
          options.setError!(path as Path<TForm>, { type: 'server', message: messages.join(' ') }, { shouldFocus: index === 0 });
        });
        if (fields.length > 0) return;
        options.setError('root.server' as Path<TForm>, { type: 'server', message: errorText(error, t) });
        return;
      }
      toasts.error(errorText(error, t));
    },
  });
}
