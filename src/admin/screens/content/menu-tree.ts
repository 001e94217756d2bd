import { MENU_MAX_DEPTH, type MenuItemInput, type MenuItemNode, type MenuLinkValue } from '../../../contract/admin/content';

/**
 * A menu being edited, as the flat list it is shown as: items in reading order, each with its depth (0 for the
 * top level). An item's children are the deeper items right after it. Every move keeps an item together with
 * its children and keeps the list a valid tree (no item deeper than the one before it plus one).
 */
export type FlatItem = { key: string; id: string | undefined; title: { en: string; ru: string }; link: MenuLinkValue; depth: number };

let nextKey = 1;
export const newKey = () => `item-${nextKey++}`;

export function flatten(items: MenuItemNode[], depth = 0): FlatItem[] {
  return items.flatMap((item) => [
    { key: item.id || newKey(), id: item.id || undefined, title: item.title, link: item.link, depth },
    ...flatten(item.children, depth + 1),
  ]);
}

export function toTree(flat: FlatItem[]): MenuItemInput[] {
  const roots: MenuItemInput[] = [];
  const stack: MenuItemInput[][] = [roots];
  for (const item of flat) {
    const node: MenuItemInput = { ...(item.id ? { id: item.id } : {}), title: item.title, link: item.link, children: [] };
    stack.length = item.depth + 1;
    stack[item.depth]!.push(node);
    stack[item.depth + 1] = node.children!;
  }
  return roots;
}

/** Index just past the item at `index` and its children. */
export function blockEnd(flat: FlatItem[], index: number): number {
  const depth = flat[index]!.depth;
  let end = index + 1;
  while (end < flat.length && flat[end]!.depth > depth) end += 1;
  return end;
}

/** Index of the sibling before the item at `index`, or -1. */
export function previousSibling(flat: FlatItem[], index: number): number {
  const depth = flat[index]!.depth;
  for (let k = index - 1; k >= 0; k -= 1) {
    if (flat[k]!.depth === depth) return k;
    if (flat[k]!.depth < depth) return -1;
  }
  return -1;
}

/** Index of the sibling after the item at `index`, or -1. */
export function nextSibling(flat: FlatItem[], index: number): number {
  const end = blockEnd(flat, index);
  return end < flat.length && flat[end]!.depth === flat[index]!.depth ? end : -1;
}

/** How much deeper than the item at `index` its deepest descendant is. */
const blockHeight = (flat: FlatItem[], index: number) =>
  Math.max(0, ...flat.slice(index, blockEnd(flat, index)).map((item) => item.depth - flat[index]!.depth));

const shifted = (block: FlatItem[], by: number) => block.map((item) => ({ ...item, depth: item.depth + by }));

export function canMoveUp(flat: FlatItem[], index: number) {
  return previousSibling(flat, index) >= 0;
}
export function canMoveDown(flat: FlatItem[], index: number) {
  return nextSibling(flat, index) >= 0;
}
export function canIndent(flat: FlatItem[], index: number) {
  return previousSibling(flat, index) >= 0 && flat[index]!.depth + blockHeight(flat, index) + 1 < MENU_MAX_DEPTH;
}
export function canOutdent(flat: FlatItem[], index: number) {
  return flat[index]!.depth > 0;
}

export function moveUp(flat: FlatItem[], index: number): FlatItem[] {
  const before = previousSibling(flat, index);
  if (before < 0) return flat;
  const end = blockEnd(flat, index);
  return [...flat.slice(0, before), ...flat.slice(index, end), ...flat.slice(before, index), ...flat.slice(end)];
}

export function moveDown(flat: FlatItem[], index: number): FlatItem[] {
  const after = nextSibling(flat, index);
  return after < 0 ? flat : moveUp(flat, after);
}

/** The item becomes the last child of the sibling before it. */
export function indent(flat: FlatItem[], index: number): FlatItem[] {
  if (!canIndent(flat, index)) return flat;
  const end = blockEnd(flat, index);
  return [...flat.slice(0, index), ...shifted(flat.slice(index, end), 1), ...flat.slice(end)];
}

/** The item becomes the sibling right after its parent (its later siblings stay with the parent). */
export function outdent(flat: FlatItem[], index: number): FlatItem[] {
  if (!canOutdent(flat, index)) return flat;
  const depth = flat[index]!.depth;
  let parent = index - 1;
  while (flat[parent]!.depth !== depth - 1) parent -= 1;
  const end = blockEnd(flat, index);
  const block = shifted(flat.slice(index, end), -1);
  const rest = [...flat.slice(0, index), ...flat.slice(end)];
  const parentEnd = blockEnd(rest, parent);
  return [...rest.slice(0, parentEnd), ...block, ...rest.slice(parentEnd)];
}

/**
 * Drops the item at `from` (with its children) where the item at `over` was, at the depth it was dragged to
 * (`depthChange` levels deeper or shallower), kept within what the neighbours allow. Moving down places it after
 * the target and its children; moving up, before the target.
 */
export function dropAt(flat: FlatItem[], from: number, over: number, depthChange: number): FlatItem[] {
  const end = blockEnd(flat, from);
  if (over >= from && over < end && depthChange === 0) return flat;
  const block = flat.slice(from, end);
  const rest = [...flat.slice(0, from), ...flat.slice(end)];
  let at: number;
  if (over >= from && over < end) at = from;
  else if (over > from) {
    const target = over - block.length;
    at = blockEnd(rest, target);
  } else at = over;
  const prev = rest[at - 1];
  const next = rest[at];
  const min = next ? next.depth : 0;
  const max = Math.min(prev ? prev.depth + 1 : 0, MENU_MAX_DEPTH - 1 - blockHeight(flat, from));
  if (max < min) return flat;
  const wanted = Math.min(max, Math.max(min, flat[from]!.depth + depthChange));
  return [...rest.slice(0, at), ...shifted(block, wanted - flat[from]!.depth), ...rest.slice(at)];
}

export function removeAt(flat: FlatItem[], index: number): FlatItem[] {
  return [...flat.slice(0, index), ...flat.slice(blockEnd(flat, index))];
}
