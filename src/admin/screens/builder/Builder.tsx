import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/Dialog';
import { ErrorState, errorText, LoadingState } from '../../components/States';
import { useToasts } from '../../components/Toasts';
import { useI18n } from '../../i18n';
import { dateTime } from '../../lib/format';
import { builderApi, useRevisions, useSectionTypes } from './api';
import { useAutosave, type SaveState } from './autosave';
import * as edits from './content';
import { record, redo, startHistory, undo, type History } from './history';
import { OptionsForm, SCREENS, type Screen } from './OptionsForm';
import { SectionOptions, type ItemHandlers } from './OptionsPanel';
import { previewUrl, usePreviewChannel } from './preview';
import { HistoryDialog, PublishDialog } from './PublishDialog';
import { AddSectionDialog, SectionList, sectionName } from './SectionList';
import { declaredSettingsValue, settingsErrorList, settingsFields, settingsLabel } from './settings-fields';
import type { SettingsGroup } from '../../../lib/settings';
import {
  isSectionsContent,
  type BuilderContent,
  type FormField,
  type SectionsContent,
  type SectionType,
  type SectionTypes,
  type SettingsContent,
  type TargetDetail,
} from './types';
import './builder.css';

/**
 * The site builder for one target (a page, catalog, article or product's sections, or a settings group):
 * the section list, the live preview of the storefront page and the options of what is selected. Every edit
 * goes into the undo history, is sent to the preview as the smallest action and autosaved as the draft;
 * publishing (now or later) makes the draft live.
 */
export default function Builder() {
  const { target = '' } = useParams();
  const [generation, setGeneration] = useState(0);
  const detail = useQuery({
    queryKey: ['builder', 'target', target],
    queryFn: () => builderApi.target(target),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const types = useSectionTypes();
  const client = useQueryClient();
  const reload = useCallback(async () => {
    await client.refetchQueries({ queryKey: ['builder', 'target', target], exact: true });
    void client.invalidateQueries({ queryKey: ['builder', 'targets'] });
    setGeneration((value) => value + 1);
  }, [client, target]);
  if (detail.isPending || types.isPending) return <LoadingState />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (types.isError) return <ErrorState error={types.error} onRetry={() => void types.refetch()} />;
  return <Editor key={`${target}#${generation}`} detail={detail.data} registry={types.data} reload={reload} />;
}

/** What the editor starts from: the draft, else the published content; a settings group with only the keys it declares. */
function startingContent(detail: TargetDetail, group: string | null): BuilderContent {
  const content = detail.draft?.content ?? detail.published.content;
  if (!group || isSectionsContent(content) || isSectionsContent(detail.published.content)) return content;
  return { value: declaredSettingsValue(group, (content as SettingsContent).value, (detail.published.content as SettingsContent).value) };
}

type Device = Screen;
type Pane = 'list' | 'preview' | 'options';
type RevisionView = { number: number; content: BuilderContent };

function Editor({ detail, registry, reload }: { detail: TargetDetail; registry: SectionTypes; reload: () => Promise<void> }) {
  const { t, lang } = useI18n();
  const toasts = useToasts();
  const client = useQueryClient();
  const { target } = detail;
  const group = target.startsWith('settings:') ? target.slice('settings:'.length) : null;
  const types = useMemo(() => new Map(registry.types.map((type) => [type.type, type])), [registry]);

  const [history, setHistory] = useState<History<BuilderContent>>(() => startHistory(startingContent(detail, group)));
  const historyRef = useRef(history);
  const content = history.present;
  const contentRef = useRef(content);
  contentRef.current = content;
  /** The history moves on at once (the ref), so edits in one event build on each other. */
  const commit = useCallback((next: History<BuilderContent>) => {
    historyRef.current = next;
    contentRef.current = next.present;
    setHistory(next);
  }, []);
  const [hasDraft, setHasDraft] = useState(Boolean(detail.draft));
  const [publishAt, setPublishAt] = useState(detail.draft?.publishAt ?? null);
  const autosave = useAutosave(target, detail.draft?.version ?? 0);
  const scheduleSave = autosave.schedule;
  const [otherConflict, setOtherConflict] = useState<string | null>(null);
  /** The API's field errors of a refused publish or restore (a draft saved before settings were checked), until the next edit. */
  const [publishErrors, setPublishErrors] = useState<Record<string, string[]> | null>(null);
  const settingsErrors = group
    ? settingsErrorList((autosave.state.status === 'error' ? autosave.state.fields : null) ?? publishErrors ?? {}, (path) =>
        settingsLabel(t, group, path),
      )
    : [];
  const conflict = autosave.state.status === 'conflict' ? (autosave.state.message ?? t('errors.conflict')) : otherConflict;

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selectedItemId, setSelectedItemId] = useState<string | null>(null);
  const [device, setDevice] = useState<Device>('desktop');
  const [previewLang, setPreviewLang] = useState<'en' | 'ru'>(lang);
  const [pane, setPane] = useState<Pane>('preview');
  const [adding, setAdding] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [revisionView, setRevisionView] = useState<RevisionView | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((text: string) => setAnnouncement((current) => (current === text ? `${text}\u00a0` : text)), []);

  // ---------------------------------------------------------------- preview
  const frame = useRef<HTMLIFrameElement>(null);
  const frameWrap = useRef<HTMLDivElement>(null);
  const desktopScale = useDesktopScale(frameWrap, device === 'desktop');
  const shownRef = useRef<BuilderContent>(content);
  shownRef.current = revisionView?.content ?? content;
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const preview = usePreviewChannel(frame, {
    onReady: () => {
      preview.send(edits.fullState(shownRef.current as SectionsContent, group));
      if (isSectionsContent(shownRef.current) && !group)
        preview.send([
          { action: 'updatePageOptions', payload: { title: shownRef.current.page.title[previewLang] || shownRef.current.page.title.en } },
        ]);
      if (selectedRef.current) preview.send([{ action: 'focusSection', payload: { id: selectedRef.current } }]);
    },
    onSelect: (id) => {
      if (!isSectionsContent(contentRef.current) || !contentRef.current.sections.some((section) => section.id === id)) return;
      setSelectedId(id);
      setSelectedItemId(null);
      document.querySelector(`[data-row-id="${CSS.escape(id)}"]`)?.scrollIntoView({ block: 'nearest' });
    },
  });
  const src = useMemo(() => previewUrl(detail.path, previewLang), [detail.path, previewLang]);
  /** Bumped to load the page again (after publishing, the live page may have changed, or now exists). */
  const [frameLoad, setFrameLoad] = useState(0);
  const { loading: frameLoading } = preview;
  useEffect(() => frameLoading(), [src, frameLoad, frameLoading]);

  // ---------------------------------------------------------------- editing
  /** Applies an edit: history, preview, autosave. `key` joins quick edits of one field into one undo step. */
  const apply = useCallback(
    (change: edits.Change<BuilderContent>, key: string | null = null) => {
      if (change.content === contentRef.current) return;
      commit(record(historyRef.current, change.content, key));
      setPublishErrors(null);
      preview.send(change.actions);
      setHasDraft(true);
      scheduleSave(change.content);
    },
    [preview, scheduleSave, commit],
  );
  const editSections = useCallback(
    (make: (content: SectionsContent) => edits.Change, key: string | null = null) => {
      const current = contentRef.current;
      if (!isSectionsContent(current)) return;
      apply(make(current) as edits.Change<BuilderContent>, key);
    },
    [apply],
  );
  /** Undo and redo: the whole state goes to the preview, and the draft is saved. */
  const travel = useCallback(
    (direction: 'undo' | 'redo') => {
      const current = historyRef.current;
      const next = direction === 'undo' ? undo(current) : redo(current);
      if (next === current) return;
      commit(next);
      preview.send(edits.fullState(next.present as SectionsContent, group));
      scheduleSave(next.present);
      announce(direction === 'undo' ? t('builder.undone') : t('builder.redone'));
      setHasDraft(true);
    },
    [preview, scheduleSave, group, announce, t, commit],
  );
  const canUndo = history.past.length > 0;
  const canRedo = history.future.length > 0;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        travel('undo');
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        travel('redo');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [travel]);

  // ---------------------------------------------------------------- sections
  const sections = isSectionsContent(content) ? content.sections : [];
  const selected = sections.find((section) => section.id === selectedId) ?? null;
  const nameOf = useCallback(
    (id: string) => {
      const current = contentRef.current;
      const section = isSectionsContent(current) ? current.sections.find((entry) => entry.id === id) : undefined;
      return section ? sectionName(section, types.get(section.type), lang) : '';
    },
    [types, lang],
  );

  const select = useCallback(
    (id: string | null) => {
      setSelectedId(id);
      setSelectedItemId(null);
      if (id) preview.send([{ action: 'focusSection', payload: { id } }]);
    },
    [preview],
  );
  const moveSection = useCallback(
    (from: number, to: number) => {
      const current = contentRef.current;
      if (!isSectionsContent(current)) return;
      const moved = current.sections[from];
      editSections((value) => edits.moveSection(value, from, to));
      if (moved) announce(t('builder.moved', { name: nameOf(moved.id), position: to + 1, count: current.sections.length }));
    },
    [editSections, announce, t, nameOf],
  );
  const addSection = (type: SectionType, preset: Parameters<typeof edits.sectionFrom>[1]) => {
    const section = edits.sectionFrom(type, preset);
    const index = selected ? sections.indexOf(selected) + 1 : sections.length;
    editSections((value) => edits.addSection(value, section, index));
    setAdding(false);
    setSelectedId(section.id);
    setSelectedItemId(null);
    setPane('options');
    preview.send([{ action: 'focusSection', payload: { id: section.id } }]);
    announce(t('builder.added', { name: sectionName(section, type, lang) }));
  };
  const removeSection = (id: string) => {
    const name = nameOf(id);
    editSections((value) => edits.removeSection(value, id));
    if (selectedId === id) select(null);
    announce(t('builder.removed', { name }));
  };
  const duplicateSection = (id: string) => {
    const current = contentRef.current;
    if (!isSectionsContent(current)) return;
    const change = edits.duplicateSection(current, id);
    apply(change as edits.Change<BuilderContent>);
    select(change.id);
    announce(t('builder.duplicated', { name: nameOf(id) }));
  };
  const setHidden = (id: string, hidden: boolean) => {
    editSections((value) => edits.setSectionHidden(value, id, hidden));
    announce(t(hidden ? 'builder.hiddenNow' : 'builder.shownNow', { name: nameOf(id) }));
  };
  const setOption = useCallback(
    (path: string, value: unknown) => {
      const id = selectedRef.current;
      if (id) editSections((current) => edits.setSectionOption(current, id, path, value), `${id}:${path}`);
    },
    [editSections],
  );

  const itemHandlers: ItemHandlers = {
    onSelectItem: setSelectedItemId,
    onAddItem: () => {
      if (!selected) return;
      const item = { id: edits.newId('i'), options: {} };
      editSections((value) => edits.addItem(value, selected.id, item));
      setSelectedItemId(item.id);
      announce(t('builder.itemAdded'));
    },
    onMoveItem: (from, to) => {
      if (!selected) return;
      editSections((value) => edits.moveItem(value, selected.id, from, to));
      announce(t('builder.itemMoved', { position: to + 1, count: selected.items.length }));
    },
    onDuplicateItem: (itemId) => {
      const current = contentRef.current;
      if (!selected || !isSectionsContent(current)) return;
      const change = edits.duplicateItem(current, selected.id, itemId);
      apply(change as edits.Change<BuilderContent>);
      setSelectedItemId(change.id);
      announce(t('builder.itemDuplicated'));
    },
    onRemoveItem: (itemId) => {
      if (!selected) return;
      editSections((value) => edits.removeItem(value, selected.id, itemId));
      if (selectedItemId === itemId) setSelectedItemId(null);
      announce(t('builder.itemRemoved'));
    },
    onItemOption: (itemId, path, value) => {
      if (selected)
        editSections((current) => edits.setItemOption(current, selected.id, itemId, path, value), `${selected.id}:${itemId}:${path}`);
    },
  };

  const setPageField = useCallback(
    (path: string, value: unknown) => editSections((current) => edits.setPageField(current, path, value, previewLang), `page:${path}`),
    [editSections, previewLang],
  );
  const setSetting = useCallback(
    (path: string, value: unknown) => {
      const current = contentRef.current;
      if (isSectionsContent(current) || !group) return;
      // an emptied number field keeps its number: a settings value is never blank
      if (value === null && typeof edits.getPath((current as SettingsContent).value, path) === 'number') return;
      apply(edits.setSettingsValue(current as SettingsContent, group, path, value), `settings:${path}`);
    },
    [apply, group],
  );

  // ---------------------------------------------------------------- draft, publish, history
  const failed = (error: unknown) => {
    if (error instanceof AdminApiError && error.status === 409) setOtherConflict(error.message || t('errors.conflict'));
    else toasts.error(errorText(error, t));
    if (error instanceof AdminApiError && error.status === 400) setPublishErrors(error.errors.fields);
  };
  const refreshLists = () => {
    void client.invalidateQueries({ queryKey: ['builder', 'targets'] });
    void client.invalidateQueries({ queryKey: ['builder', 'revisions', target] });
  };

  const publish = async (at: string | null) => {
    setBusy(true);
    try {
      const version = await autosave.flush();
      const answer = await builderApi.publish(target, version, at);
      setPublishing(false);
      if ('scheduled' in answer) {
        setPublishAt(answer.scheduled);
        const fresh = await builderApi.target(target);
        autosave.resetTo(fresh.draft?.version ?? version);
        toasts.ok(t('builder.scheduled', { when: dateTime(answer.scheduled, lang) }));
      } else {
        autosave.resetTo(0);
        setHasDraft(false);
        setPublishAt(null);
        setFrameLoad((value) => value + 1);
        // the live page may have a new address now (a new page's first publish)
        void client.invalidateQueries({ queryKey: ['builder', 'target', target], exact: true });
        toasts.ok(t('builder.published', { number: answer.revision }));
      }
      refreshLists();
    } catch (error) {
      setPublishing(false);
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const discard = async () => {
    setBusy(true);
    try {
      autosave.cancel();
      const version = autosave.version.current;
      if (version > 0) await builderApi.discard(target, version);
      setDiscarding(false);
      toasts.ok(t('builder.discarded'));
      await reload();
    } catch (error) {
      setDiscarding(false);
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const revisions = useRevisions(target, showHistory);
  const previewRevision = async (number: number) => {
    try {
      const revision = await builderApi.revision(target, number);
      setRevisionView(revision);
      setShowHistory(false);
      setPane('preview');
      preview.send(edits.fullState(revision.content as SectionsContent, group));
      announce(t('builder.showingRevision', { number }));
    } catch (error) {
      failed(error);
    }
  };
  const backToDraft = () => {
    setRevisionView(null);
    preview.send(edits.fullState(contentRef.current as SectionsContent, group));
  };
  const restore = async (number: number) => {
    setBusy(true);
    try {
      const revision = revisionView?.number === number ? revisionView : await builderApi.revision(target, number);
      const version = await autosave.flush();
      const answer = await builderApi.restore(target, number, version);
      autosave.resetTo(answer.version);
      commit(record(historyRef.current, revision.content));
      setHasDraft(true);
      setRevisionView(null);
      setShowHistory(false);
      setSelectedId(null);
      preview.send(edits.fullState(revision.content as SectionsContent, group));
      toasts.ok(t('builder.restored', { number }));
      refreshLists();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  // ---------------------------------------------------------------- view
  const title = isSectionsContent(content)
    ? content.page.title[lang] || content.page.title.en || content.page.slug
    : detail.title[lang] || detail.title.en || t(`builder.settingsGroup.${group ?? 'header'}`, { defaultValue: group ?? '' });
  const frameFields = registry.frameFields as FormField[];
  const pageFields = useMemo<FormField[]>(() => {
    if (!isSectionsContent(content)) return [];
    const page = content.page as unknown as Record<string, unknown>;
    const label = (key: string) => ({ en: t(`builder.page.${key}`, { lng: 'en' }), ru: t(`builder.page.${key}`, { lng: 'ru' }) });
    const fields: FormField[] = [
      { path: 'title', kind: 'text', label: label('title') },
      { path: 'slug', kind: 'plain', label: label('slug') },
    ];
    if ('metaTitle' in page) fields.push({ path: 'metaTitle', kind: 'text', label: label('metaTitle') });
    if ('metaDescription' in page) fields.push({ path: 'metaDescription', kind: 'text', label: label('metaDescription') });
    if ('enabled' in page) fields.push({ path: 'enabled', kind: 'toggle', label: label('enabled') });
    return fields;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSectionsContent(content) ? Object.keys(content.page).join() : '', t]);
  const groupFields = useMemo(() => (group ? settingsFields(group as SettingsGroup, t) : []), [group, t]);
  const viewing = revisionView !== null;

  return (
    <div className="bld" data-target={target}>
      <header className="bld-bar">
        <p className="back-link bld-back">
          <Link to="/builder">← {t('builder.title')}</Link>
        </p>
        <h1 className="bld-title">{title}</h1>
        <SaveStatus state={autosave.state} hasDraft={hasDraft} publishAt={publishAt} />
        <div className="bld-tools" role="toolbar" aria-label={t('builder.toolbar')}>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => travel('undo')}
            disabled={!canUndo || viewing}
            aria-keyshortcuts="Control+Z"
            title={`${t('builder.undo')} (Ctrl+Z)`}
          >
            ↶ {t('builder.undo')}
          </button>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => travel('redo')}
            disabled={!canRedo || viewing}
            aria-keyshortcuts="Control+Shift+Z"
            title={`${t('builder.redo')} (Ctrl+Shift+Z)`}
          >
            ↷ {t('builder.redo')}
          </button>
          <div className="segmented" role="group" aria-label={t('builder.previewWidth')}>
            {SCREENS.map((screen) => (
              <button
                key={screen}
                type="button"
                className="btn btn-small"
                aria-pressed={device === screen}
                onClick={() => setDevice(screen)}
              >
                {t(`builder.device.${screen}`)}
              </button>
            ))}
          </div>
          <div className="segmented" role="group" aria-label={t('builder.previewLanguage')}>
            {(['en', 'ru'] as const).map((code) => (
              <button
                key={code}
                type="button"
                className="btn btn-small"
                lang={code}
                aria-pressed={previewLang === code}
                onClick={() => setPreviewLang(code)}
              >
                {code.toUpperCase()}
              </button>
            ))}
          </div>
          <button type="button" className="btn btn-small" onClick={() => setShowHistory(true)}>
            {t('builder.history')}
          </button>
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setDiscarding(true)} disabled={!hasDraft || busy}>
            {t('builder.discard')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-primary"
            onClick={() => setPublishing(true)}
            disabled={!hasDraft || busy || conflict !== null}
          >
            {t('builder.publish')}
          </button>
        </div>
      </header>

      {conflict ? (
        <div className="bld-banner bld-conflict" role="alert">
          <p>
            <strong>{t('builder.conflictTitle')}</strong> {conflict}
          </p>
          <button type="button" className="btn btn-small btn-primary" onClick={() => void reload()}>
            {t('builder.reloadTheirs')}
          </button>
        </div>
      ) : null}
      {viewing ? (
        <div className="bld-banner" role="status">
          <p>{t('builder.showingRevision', { number: revisionView.number })}</p>
          <button type="button" className="btn btn-small btn-primary" onClick={() => void restore(revisionView.number)} disabled={busy}>
            {t('builder.restoreRevision', { number: revisionView.number })}
          </button>
          <button type="button" className="btn btn-small" onClick={backToDraft}>
            {t('builder.backToDraft')}
          </button>
        </div>
      ) : null}

      <div className="tabs bld-pane-tabs" role="tablist" aria-label={t('builder.panes')}>
        {(['list', 'preview', 'options'] as const).map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            id={`bld-tab-${entry}`}
            aria-controls={`bld-pane-${entry}`}
            aria-selected={pane === entry}
            className={`tab${pane === entry ? ' is-active' : ''}`}
            onClick={() => setPane(entry)}
          >
            {t(`builder.pane.${entry}`)}
          </button>
        ))}
      </div>

      <div className={`bld-panes show-${pane}`}>
        <section className="bld-pane bld-pane-list" id="bld-pane-list" aria-label={t('builder.pane.list')} inert={viewing}>
          {isSectionsContent(content) ? (
            <SectionList
              sections={sections}
              types={types}
              selectedId={selectedId}
              onSelect={(id) => {
                select(id);
                if (window.matchMedia('(max-width: 1099px)').matches) setPane('options');
              }}
              onMove={moveSection}
              onHidden={setHidden}
              onDuplicate={duplicateSection}
              onRemove={removeSection}
              onAdd={() => setAdding(true)}
            />
          ) : (
            <div className="bld-sections">
              <h2>{title}</h2>
              <p className="muted small">{t('builder.settingsHint')}</p>
            </div>
          )}
        </section>
        <section className="bld-pane bld-pane-preview" id="bld-pane-preview" aria-label={t('builder.pane.preview')}>
          <div ref={frameWrap} className={`bld-frame-wrap device-${device}`}>
            <iframe
              ref={frame}
              key={`${src}#${frameLoad}`}
              src={src}
              title={t('builder.previewFrame')}
              className="bld-frame"
              data-device={device}
              style={
                desktopScale < 1
                  ? {
                      width: `${DESKTOP_WIDTH}px`,
                      height: `${100 / desktopScale}%`,
                      transform: `scale(${desktopScale})`,
                      transformOrigin: '0 0',
                    }
                  : undefined
              }
            />
          </div>
        </section>
        <section className="bld-pane bld-pane-options" id="bld-pane-options" aria-label={t('builder.pane.options')} inert={viewing}>
          {selected ? (
            <SectionOptions
              section={selected}
              type={types.get(selected.type)}
              frameFields={frameFields}
              screen={device}
              onScreen={setDevice}
              onOption={setOption}
              selectedItemId={selectedItemId}
              items={itemHandlers}
            />
          ) : isSectionsContent(content) ? (
            <div className="bld-options">
              <h2>{t('builder.pageSettings')}</h2>
              <OptionsForm
                fields={pageFields}
                value={content.page as unknown as Record<string, unknown>}
                onChange={setPageField}
                screen={device}
                onScreen={setDevice}
              />
              <p className="muted small">{t('builder.selectHint')}</p>
            </div>
          ) : (
            <div className="bld-options">
              <h2>{title}</h2>
              {settingsErrors.length > 0 ? (
                <div className="form-error" role="alert" data-testid="builder-settings-errors">
                  <p>{t('builder.settingsInvalid')}</p>
                  <ul>
                    {settingsErrors.map((entry) => (
                      <li key={entry.path} data-field={entry.path}>
                        {entry.label}: {entry.messages.join(' ')}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <OptionsForm
                fields={groupFields}
                value={(content as SettingsContent).value}
                onChange={setSetting}
                screen={device}
                onScreen={setDevice}
              />
            </div>
          )}
        </section>
      </div>

      <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="builder-announcer">
        {announcement}
      </div>

      <AddSectionDialog open={adding} types={registry.types} onClose={() => setAdding(false)} onAdd={addSection} />
      <PublishDialog open={publishing} busy={busy} onClose={() => setPublishing(false)} onPublish={(at) => void publish(at)} />
      <HistoryDialog
        open={showHistory}
        onClose={() => setShowHistory(false)}
        items={revisions.data?.items ?? []}
        loading={revisions.isPending && showHistory}
        error={revisions.isError}
        previewing={revisionView?.number ?? null}
        onPreview={(number) => void previewRevision(number)}
        onRestore={(number) => void restore(number)}
      />
      <ConfirmDialog
        open={discarding}
        title={t('builder.discardTitle')}
        confirmLabel={t('builder.discard')}
        danger
        busy={busy}
        onConfirm={() => void discard()}
        onClose={() => setDiscarding(false)}
      >
        <p>{t('builder.discardText')}</p>
      </ConfirmDialog>
    </div>
  );
}

function SaveStatus({ state, hasDraft, publishAt }: { state: SaveState; hasDraft: boolean; publishAt: string | null }) {
  const { t, lang } = useI18n();
  let text: string;
  switch (state.status) {
    case 'pending':
    case 'saving':
      text = t('builder.saving');
      break;
    case 'saved':
      text = t('builder.saved');
      break;
    case 'conflict':
      text = t('builder.conflict');
      break;
    case 'error':
      text = t('builder.saveFailed');
      break;
    default:
      text = hasDraft ? t('builder.draftState') : t('builder.noDraft');
  }
  return (
    <p className={`bld-status status-${state.status}`} role="status" data-save-state={state.status}>
      {text}
      {publishAt && hasDraft ? (
        <span className="badge badge-warn">{t('builder.scheduledFor', { when: dateTime(publishAt, lang) })}</span>
      ) : null}
    </p>
  );
}

/** The width the desktop preview is laid out at; a narrower pane shows it scaled down, as a desktop would see it. */
const DESKTOP_WIDTH = 1280;

function useDesktopScale(wrap: RefObject<HTMLDivElement | null>, active: boolean): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = wrap.current;
    if (!active || !element || typeof ResizeObserver === 'undefined') {
      setScale(1);
      return;
    }
    const measure = () => setScale(Math.min(1, element.clientWidth / DESKTOP_WIDTH));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [wrap, active]);
  return scale;
}
