import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MEDIA_FILE_FIELD, type MediaItem, type MediaUploadAnswer } from '../../contract/admin/media';
import type { ListAnswer } from '../../contract/admin/common';
import { errorsOfBody } from '../lib/form-errors';
import { AdminApiError, NO_ANSWER, adminUrl, api } from './client';

export const MEDIA_KEY = 'media';

/** A page of the media library, newest first. */
export function useMediaList(params: { q?: string; page?: number; perPage?: number }) {
  const query = { q: params.q || undefined, page: params.page ?? 1, perPage: params.perPage ?? 24 };
  return useQuery({
    queryKey: [MEDIA_KEY, 'list', query],
    queryFn: ({ signal }) => api.get<ListAnswer<MediaItem>>('/media', query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The chosen images of a picker, by id (in the order asked; unknown ids are left out). */
export function useMediaByIds(ids: string[]) {
  const key = [...new Set(ids)].sort();
  return useQuery({
    queryKey: [MEDIA_KEY, 'ids', key],
    queryFn: ({ signal }) => api.get<ListAnswer<MediaItem>>('/media', { ids: key.join(','), perPage: 100 }, signal),
    enabled: key.length > 0,
    staleTime: 60_000,
  });
}

/**
 * Uploads files to the library as one multipart request, reporting progress (0..1). XMLHttpRequest rather than
 * fetch: only it reports upload progress. Fails as `request` does, with the messages per file (`files.N`).
 */
export function uploadMedia(files: File[], onProgress?: (share: number) => void): Promise<MediaItem[]> {
  return sendFiles<MediaUploadAnswer>('/media', files, onProgress).then((answer) => answer.items);
}

/** Gives an image a new file (its texts and uses stay; its address changes), as `uploadMedia` sends one. */
export function replaceMediaFile(image: Pick<MediaItem, 'id' | 'version'>, file: File, onProgress?: (share: number) => void) {
  return sendFiles<MediaItem>(`/media/${encodeURIComponent(image.id)}/file?version=${image.version}`, [file], onProgress);
}

function sendFiles<T>(
  path: string,
  files: File[],
  onProgress?: (share: number) => void,
  lang = document.documentElement.lang || 'en',
): Promise<T> {
  const body = new FormData();
  for (const file of files) body.append(MEDIA_FILE_FIELD, file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', adminUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('x-shop-admin', '1');
    xhr.setRequestHeader('x-shop-language', lang);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new AdminApiError(NO_ANSWER, 'No answer from the server', { form: [], fields: {} }));
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parsed as T);
        return;
      }
      const errors = errorsOfBody(parsed);
      const message = errors.form[0] ?? Object.values(errors.fields)[0]?.[0] ?? `HTTP ${xhr.status}`;
      reject(new AdminApiError(xhr.status, message, errors));
    };
    xhr.send(body);
  });
}
