import { describe, expect, it } from 'vitest';
import type { MenuItemNode } from '../../src/contract/admin/content';
import {
  canIndent,
  canMoveUp,
  dropAt,
  flatten,
  indent,
  moveDown,
  moveUp,
  outdent,
  removeAt,
  toTree,
  type FlatItem,
} from '../../src/admin/screens/content/menu-tree';

const node = (id: string, children: MenuItemNode[] = []): MenuItemNode => ({
  id,
  title: { en: id, ru: '' },
  link: { type: 'page', url: id },
  children,
});
/** `a b(c d) e` style outline of a flat list: children in brackets. */
function outline(flat: FlatItem[]): string {
  const walk = (items: ReturnType<typeof toTree>): string =>
    items.map((item) => (item.children?.length ? `${item.id}(${walk(item.children)})` : item.id)).join(' ');
  return walk(toTree(flat));
}
const menu = () => flatten([node('a'), node('b', [node('c'), node('d')]), node('e')]);
const at = (flat: FlatItem[], id: string) => flat.findIndex((item) => item.id === id);

describe('menu tree edits', () => {
  it('flattens and rebuilds a tree', () => {
    expect(menu().map((i) => [i.id, i.depth])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 1],
      ['d', 1],
      ['e', 0],
    ]);
    expect(outline(menu())).toBe('a b(c d) e');
  });

  it('moves an item with its children among its siblings', () => {
    const flat = menu();
    expect(outline(moveUp(flat, at(flat, 'b')))).toBe('b(c d) a e');
    expect(outline(moveDown(flat, at(flat, 'b')))).toBe('a e b(c d)');
    expect(outline(moveDown(flat, at(flat, 'c')))).toBe('a b(d c) e');
    expect(canMoveUp(flat, at(flat, 'c'))).toBe(false);
    expect(moveUp(flat, at(flat, 'a'))).toBe(flat);
  });

  it('nests under the item above and takes items out after their parent', () => {
    const flat = menu();
    expect(outline(indent(flat, at(flat, 'e')))).toBe('a b(c d e)');
    expect(outline(indent(flat, at(flat, 'b')))).toBe('a(b(c d)) e');
    expect(outline(outdent(flat, at(flat, 'c')))).toBe('a b(d) c e');
    expect(canIndent(flat, at(flat, 'a'))).toBe(false);
    // three levels at most: b with its children cannot go under a once d is nested under c
    const deep = indent(flat, at(flat, 'd'));
    expect(outline(deep)).toBe('a b(c(d)) e');
    expect(canIndent(deep, at(deep, 'b'))).toBe(false);
    expect(outline(removeAt(flat, at(flat, 'b')))).toBe('a e');
  });

  it('drops a dragged item before the target going up and after it (and its children) going down, at an allowed depth', () => {
    const flat = menu();
    expect(outline(dropAt(flat, at(flat, 'e'), at(flat, 'a'), 0))).toBe('e a b(c d)');
    expect(outline(dropAt(flat, at(flat, 'a'), at(flat, 'b'), 0))).toBe('b(c d) a e');
    expect(outline(dropAt(flat, at(flat, 'a'), at(flat, 'b'), 1))).toBe('b(c d a) e');
    expect(outline(dropAt(flat, at(flat, 'e'), at(flat, 'e'), 1))).toBe('a b(c d e)');
    expect(outline(dropAt(flat, at(flat, 'e'), at(flat, 'c'), 5))).toBe('a b(e c d)');
    expect(dropAt(flat, at(flat, 'b'), at(flat, 'c'), 0)).toBe(flat);
  });
});
