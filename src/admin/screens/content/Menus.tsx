import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useSortAccessibility } from '../../components/SortableList';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { CONTENT_MENU_NAMES, linkPath, type LinkTarget, type MenuDetail, type MenuName } from '../../../contract/admin/content';
import { request } from '../../api/client';
import { useWrite } from '../../api/write';
import { Dialog } from '../../components/Dialog';
import { LinkPicker, type LinkValue } from '../../components/LinkPicker';
import { ErrorState, LoadingState } from '../../components/States';
import { UnsavedChanges } from '../../components/UnsavedChanges';
import { useI18n } from '../../i18n';
import {
  canIndent,
  canMoveDown,
  canMoveUp,
  canOutdent,
  dropAt,
  type FlatItem,
  flatten,
  indent,
  moveDown,
  moveUp,
  newKey,
  outdent,
  removeAt,
  toTree,
} from './menu-tree';
import './content-screens.css';

/** Pixels of sideways drag that make one level of nesting. */
const INDENT_PX = 32;

const isMenuName = (value: string | undefined): value is MenuName => CONTENT_MENU_NAMES.includes(value as MenuName);

/**
 * The storefront's menus (the header's main menu, the info line, the footer): items with their titles and links,
 * nested and ordered by dragging or with the move and indent buttons, saved together as one document.
 */
export default function Menus() {
  const { name } = useParams();
  const { t } = useI18n();
  if (!isMenuName(name)) return <Navigate to="/menus/main" replace />;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t('content.menus.title')}</h1>
          <p className="muted">{t('content.menus.intro')}</p>
        </div>
      </div>
      <nav className="tabs" aria-label={t('content.menus.which')}>
        {CONTENT_MENU_NAMES.map((menu) => (
          <NavLink
            key={menu}
            to={`/menus/${menu}`}
            className={() => (menu === name ? 'tab is-active' : 'tab')}
            aria-current={menu === name ? 'page' : undefined}
          >
            {t(`content.menus.names.${menu}`)}
          </NavLink>
        ))}
      </nav>
      <MenuEditor key={name} name={name} />
    </>
  );
}

type Editing = { index: number | null; item: FlatItem | null };

function MenuEditor({ name }: { name: MenuName }) {
  const { t, lang } = useI18n();
  const query = useQuery({ queryKey: ['menus', name], queryFn: () => request<MenuDetail>('GET', `/menus/${name}`) });
  const [items, setItems] = useState<FlatItem[]>([]);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const loadedVersion = useRef<number | null>(null);
  const focusKey = useRef<{ key: string; action: string } | null>(null);

  // A fresh copy from the server (first load, after a save, or reloaded after a conflict) replaces the local one.
  useEffect(() => {
    if (!query.data || loadedVersion.current === query.data.version) return;
    loadedVersion.current = query.data.version;
    setItems(flatten(query.data.items));
    setDirty(false);
  }, [query.data]);

  useEffect(() => {
    if (!focusKey.current) return;
    const { key, action } = focusKey.current;
    focusKey.current = null;
    const row = document.querySelector<HTMLElement>(`[data-menu-key="${key}"]`);
    (
      row?.querySelector<HTMLElement>(`[data-action="${action}"]:not(:disabled)`) ?? row?.querySelector<HTMLElement>('[data-action="edit"]')
    )?.focus();
  });

  const save = useWrite({
    mutationFn: () => request<MenuDetail>('PUT', `/menus/${name}`, { body: { items: toTree(items), version: query.data?.version ?? 0 } }),
    invalidate: [['menus', name]],
    success: t('content.menus.saved'),
  });

  const change = (next: FlatItem[], moved?: { key: string; action: string; message: string }) => {
    setItems(next);
    setDirty(true);
    if (moved) {
      focusKey.current = { key: moved.key, action: moved.action };
      setAnnouncement(moved.message);
    }
  };
  const titleOf = (item: FlatItem) => (lang === 'ru' && item.title.ru) || item.title.en;
  const accessibility = useSortAccessibility(
    items.map((item) => item.key),
    (key) => {
      const item = items.find((entry) => entry.key === key);
      return item ? titleOf(item) : String(key);
    },
  );
  const move = (index: number, action: 'up' | 'down' | 'indent' | 'outdent') => {
    const item = items[index]!;
    const next = { up: moveUp, down: moveDown, indent, outdent }[action](items, index);
    const at = next.findIndex((i) => i.key === item.key);
    change(next, {
      key: item.key,
      action,
      message: t('content.menus.movedTo', { title: titleOf(item), position: at + 1, total: next.length, level: next[at]!.depth + 1 }),
    });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    if (!over) return;
    const from = items.findIndex((i) => i.key === active.id);
    const to = items.findIndex((i) => i.key === over.id);
    if (from < 0 || to < 0) return;
    const next = dropAt(items, from, to, Math.round(delta.x / INDENT_PX));
    if (next !== items) change(next);
  };

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <section className="card" aria-labelledby="menu-items-title">
      <UnsavedChanges
        dirty={dirty}
        saving={save.isPending}
        onSave={() => save.mutate(undefined)}
        onDiscard={() => {
          setItems(flatten(query.data.items));
          setDirty(false);
        }}
      />
      <div className="menu-head">
        <h2 id="menu-items-title">{t('content.menus.items', { menu: t(`content.menus.names.${name}`) })}</h2>
        <div className="row-actions">
          <button type="button" className="btn" onClick={() => setEditing({ index: null, item: null })}>
            {t('content.menus.add')}
          </button>
          <button
            type="button"
            className="btn btn-primary own-save"
            disabled={!dirty || save.isPending}
            onClick={() => save.mutate(undefined)}
          >
            {save.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </div>
      <p className="muted small">{t('content.menus.help')}</p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className="state state-empty">{t('content.menus.empty')}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
          <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
            <ol className="menu-items" aria-label={t('content.menus.items', { menu: t(`content.menus.names.${name}`) })}>
              {items.map((item, index) => (
                <MenuRow
                  key={item.key}
                  item={item}
                  title={titleOf(item)}
                  can={{
                    up: canMoveUp(items, index),
                    down: canMoveDown(items, index),
                    indent: canIndent(items, index),
                    outdent: canOutdent(items, index),
                  }}
                  onMove={(action) => move(index, action)}
                  onEdit={() => setEditing({ index, item })}
                  onRemove={() => change(removeAt(items, index), undefined)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {editing ? (
        <ItemDialog
          item={editing.item}
          onClose={() => setEditing(null)}
          onSave={(values) => {
            if (editing.index === null) {
              const key = newKey();
              change([...items, { key, id: undefined, depth: 0, ...values }], {
                key,
                action: 'edit',
                message: t('content.menus.added', { title: values.title.en }),
              });
            } else {
              const next = items.map((i, k) => (k === editing.index ? { ...i, ...values } : i));
              change(next, { key: items[editing.index]!.key, action: 'edit', message: '' });
            }
            setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}

type Move = 'up' | 'down' | 'indent' | 'outdent';

function MenuRow({
  item,
  title,
  can,
  onMove,
  onEdit,
  onRemove,
}: {
  item: FlatItem;
  title: string;
  can: Record<Move, boolean>;
  onMove: (action: Move) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  const style = { transform: CSS.Translate.toString(transform), transition, marginInlineStart: `${item.depth * INDENT_PX}px` };
  const buttons: { action: Move; label: string; text: string }[] = [
    { action: 'up', label: t('content.menus.moveUp', { title }), text: '↑' },
    { action: 'down', label: t('content.menus.moveDown', { title }), text: '↓' },
    { action: 'outdent', label: t('content.menus.outdent', { title }), text: '←' },
    { action: 'indent', label: t('content.menus.indent', { title }), text: '→' },
  ];
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={isDragging ? 'menu-item is-dragging' : 'menu-item'}
      data-menu-key={item.key}
      data-depth={item.depth}
    >
      <button
        type="button"
        className="btn btn-small btn-ghost menu-handle"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('content.menus.drag', { title })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="menu-item-text">
        <span className="strong menu-item-title">{title}</span>
        <span className="visually-hidden">{t('content.menus.level', { level: item.depth + 1 })}</span>{' '}
        <code className="muted small">{linkPath(item.link)}</code>
      </div>
      <div className="row-actions">
        {buttons.map((button) => (
          <button
            key={button.action}
            type="button"
            className="btn btn-small"
            data-action={button.action}
            aria-label={button.label}
            title={button.label}
            disabled={!can[button.action]}
            onClick={() => onMove(button.action)}
          >
            <span aria-hidden="true">{button.text}</span>
          </button>
        ))}
        <button
          type="button"
          className="btn btn-small"
          data-action="edit"
          aria-label={t('content.menus.editItem', { title })}
          onClick={onEdit}
        >
          {t('content.edit')}
        </button>
        <button type="button" className="btn btn-small btn-ghost" aria-label={t('content.menus.removeItem', { title })} onClick={onRemove}>
          {t('content.delete')}
        </button>
      </div>
    </li>
  );
}

function ItemDialog({
  item,
  onClose,
  onSave,
}: {
  item: FlatItem | null;
  onClose: () => void;
  onSave: (values: Pick<FlatItem, 'title' | 'link'>) => void;
}) {
  const { t } = useI18n();
  const ids = { en: useId(), ru: useId() };
  const [en, setEn] = useState(item?.title.en ?? '');
  const [ru, setRu] = useState(item?.title.ru ?? '');
  const [link, setLink] = useState<LinkValue | null>(item?.link ?? null);
  const [tried, setTried] = useState(false);
  // the titles last taken from a picked record: replaced by the next pick until the manager types their own
  const taken = useRef({ en: '', ru: '' });
  const pick = (next: LinkValue | null, picked?: LinkTarget) => {
    setLink(next);
    if (!picked) return;
    if (en.trim() === '' || en === taken.current.en) setEn(picked.titles.en);
    if (ru.trim() === '' || ru === taken.current.ru) setRu(picked.titles.ru);
    taken.current = picked.titles;
  };
  const titleMissing = en.trim() === '';
  const submit = () => {
    setTried(true);
    if (titleMissing || !link) return;
    onSave({ title: { en: en.trim(), ru: ru.trim() }, link: link as FlatItem['link'] });
  };
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={item ? t('content.menus.editTitle') : t('content.menus.add')}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.back')}
          </button>
          <button type="submit" form="menu-item-form" className="btn btn-primary">
            {item ? t('content.menus.apply') : t('content.menus.addToMenu')}
          </button>
        </>
      }
    >
      <form
        id="menu-item-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label htmlFor={ids.en}>{t('content.menus.titleEn')}</label>
          <input
            id={ids.en}
            value={en}
            maxLength={200}
            aria-invalid={tried && titleMissing ? 'true' : undefined}
            aria-describedby={tried && titleMissing ? `${ids.en}-error` : undefined}
            onChange={(e) => setEn(e.target.value)}
          />
          {tried && titleMissing ? (
            <p className="field-error" id={`${ids.en}-error`}>
              {t('validation.required')}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={ids.ru}>{t('content.menus.titleRu')}</label>
          <input id={ids.ru} value={ru} maxLength={200} onChange={(e) => setRu(e.target.value)} />
        </div>
        <LinkPicker label={t('content.menus.link')} value={link} onChange={pick} />
        {tried && !link ? (
          <p className="field-error" role="alert">
            {t('content.menus.linkRequired')}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
