import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import type {
  BuilderCreated,
  BuilderCreatePageBody,
  BuilderDraftSaved,
  BuilderPublished,
  BuilderRestored,
  BuilderRevision,
  BuilderRevisionList,
  BuilderTargetList,
} from '../../../contract/admin/builder';
import type { BuilderContent, SectionTypes, TargetDetail, TargetKind } from './types';

/** The builder's calls to /api/admin/builder (BUILDER-API.md). */
const targetPath = (target: string) => `/builder/target/${encodeURIComponent(target)}`;

export const builderApi = {
  sectionTypes: () => api.get<SectionTypes>('/builder/section-types'),
  targets: (kind: TargetKind, search: string, signal?: AbortSignal) =>
    api.get<BuilderTargetList>('/builder/targets', { kind, search }, signal),
  create: (body: BuilderCreatePageBody) => api.post<BuilderCreated>('/builder/pages', body),
  target: (target: string) => api.get<TargetDetail>(targetPath(target)),
  saveDraft: (target: string, content: BuilderContent, version: number) =>
    request<BuilderDraftSaved>('PUT', `${targetPath(target)}/draft`, { body: { content, version } }),
  discard: (target: string, version: number) => request<void>('DELETE', `${targetPath(target)}/draft`, { body: { version } }),
  publish: (target: string, version: number, publishAt: string | null) =>
    api.post<BuilderPublished>(`${targetPath(target)}/publish`, { version, publishAt }),
  revisions: (target: string) => api.get<BuilderRevisionList>(`${targetPath(target)}/revisions`),
  revision: (target: string, number: number) => api.get<BuilderRevision>(`${targetPath(target)}/revisions/${number}`),
  restore: (target: string, number: number, version: number) =>
    api.post<BuilderRestored>(`${targetPath(target)}/revisions/${number}/restore`, { version }),
};

export function useSectionTypes() {
  return useQuery({ queryKey: ['builder', 'section-types'], queryFn: builderApi.sectionTypes, staleTime: Infinity });
}

export function useTargets(kind: TargetKind, search: string) {
  return useQuery({ queryKey: ['builder', 'targets', kind, search], queryFn: ({ signal }) => builderApi.targets(kind, search, signal) });
}

export function useRevisions(target: string, enabled: boolean) {
  return useQuery({ queryKey: ['builder', 'revisions', target], queryFn: () => builderApi.revisions(target), enabled });
}
