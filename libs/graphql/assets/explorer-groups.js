/* global window */
'use strict';

// How /explorer folds a large set of symbols into a picture a person can read: code by directory and
// file, tests and document sections each in one node, every group with the number of what it holds,
// opened on click. Pure functions of the items and links the page fetched (no cytoscape, no DOM), so
// that what is drawn follows from the answer alone. explorer.js reads them as `window.loreGroups`.

/** At most this many nodes in the first picture (past about 30, a ring of labels at 1400x900 is too small to read): groups open, fewest children first, while they fit. */
const FIRST_PICTURE_BUDGET = 30;

/** Groups a person opens by hand: tests and sections are one node each until clicked. */
const FOLDED = new Set(['tests', 'sections']);

/** Call confidences, surest first (CALL_CONFIDENCES of the domain), and how a test or section reaches the set. */
const CONFIDENCE_ORDER = ['exact', 'import', 'name', 'ambiguous', 'direct', 'helper', 'transitive', 'mentions'];

/** 'src/middleware/jwt/index.ts' → ['src/', 'src/middleware/', 'src/middleware/jwt/']. */
function directoriesOf(path) {
  const parts = path.split('/').slice(0, -1);
  return parts.map((part, index) => `${parts.slice(0, index + 1).join('/')}/`);
}

/** The folds of tests and of sections, each one node until opened. */
const FOLD_OF_ROLE = {
  test: { key: 'tests', kind: 'tests', label: 'Tests', title: 'Tests' },
  section: { key: 'sections', kind: 'sections', label: 'Document sections', title: 'Document sections' },
};

/**
 * The groups an item sits in, outermost first: none for the centre; a test in the tests' node, a
 * section in the sections' node; then, for all, each directory of its file and its file (tests' and
 * sections' directories apart from those of code).
 */
function groupsOf(item) {
  if (item.role === 'centre') return [];
  const fold = FOLD_OF_ROLE[item.role];
  const scope = `${fold?.key ?? 'code'}:${item.repositoryId ?? ''}`;
  const directories = directoriesOf(item.path).map((directory) => ({
    key: `${scope}:${directory}`,
    kind: 'directory',
    label: directory.split('/').slice(-2).join('/'),
    title: directory,
  }));
  // A file by its directory and name: many are index.ts.
  const file = { key: `${scope}:${item.path}`, kind: 'file', label: item.path.split('/').slice(-2).join('/'), title: item.path };
  return [...(fold ? [fold] : []), ...directories, file];
}

/**
 * The tree of groups over `items`: each group with its chain position, its children (groups and
 * items, by id) and the ids of every item under it; and each item's chain of group keys.
 */
function groupTree(items) {
  const groups = new Map();
  const chains = new Map();
  for (const item of items) {
    const chain = groupsOf(item);
    chains.set(
      item.id,
      chain.map((group) => group.key),
    );
    chain.forEach((group, depth) => {
      if (!groups.has(group.key)) groups.set(group.key, { ...group, depth, children: new Set(), items: [] });
      const entry = groups.get(group.key);
      entry.items.push(item.id);
      entry.children.add(depth + 1 < chain.length ? chain[depth + 1].key : item.id);
    });
  }
  return { groups, chains };
}

/**
 * A group is drawn open when opened, or when it holds one thing only (a directory of one file is that
 * file); the tests and the sections stay one node each until opened, however few.
 */
function isOpen(tree, open, key) {
  return open.has(key) || (!FOLDED.has(key) && tree.groups.get(key).children.size === 1);
}

/** The node an item is drawn as: its outermost closed group, else itself. */
function shownAs(tree, open, itemId) {
  return tree.chains.get(itemId).find((key) => !isOpen(tree, open, key)) ?? itemId;
}

/** The ids of the nodes drawn (closed groups and items in open ones), in the order of the items. */
function shownNodes(tree, open, items) {
  return [...new Set(items.map((item) => shownAs(tree, open, item.id)))];
}

/**
 * The groups to open for the first picture, none of the folded ones: level by level from the
 * outermost, every closed group of a level at once while the picture stays within `budget` nodes (so
 * that like is drawn like: never some files of a directory open and others not). Only when not even the
 * outermost level fits whole, its groups with the fewest children first while they fit.
 */
function firstOpen(tree, items, budget = FIRST_PICTURE_BUDGET) {
  return openLevels(tree, items, new Set(), budget, (group) => !FOLDED.has(group.key));
}

/**
 * `open` and the group `key` opened by a person, and within it, level by level as in the first
 * picture, what still fits in `budget` nodes (opening the tests shows the tests of a file, not the file).
 */
function openWithin(tree, open, items, key, budget = FIRST_PICTURE_BUDGET) {
  const opened = new Set([...open, key]);
  return openLevels(tree, items, opened, budget, (group) => tree.chains.get(group.items[0]).includes(key), opened.size);
}

/** Opens the closed groups `eligible` says, level by level, while the picture fits in `budget` (greedily past `greedyUntil` opened). */
function openLevels(tree, items, open, budget, eligible, greedyUntil = 0) {
  for (;;) {
    const shown = shownNodes(tree, open, items);
    const closed = shown.filter((id) => tree.groups.has(id) && eligible(tree.groups.get(id))).map((id) => tree.groups.get(id));
    if (closed.length === 0) return open;
    const level = Math.min(...closed.map((group) => group.depth));
    const opening = closed
      .filter((group) => group.depth === level)
      .sort((a, b) => a.children.size - b.children.size || a.key.localeCompare(b.key));
    const whole = shown.length + opening.reduce((sum, group) => sum + group.children.size - 1, 0);
    if (whole > budget && open.size > greedyUntil) return open;
    let size = shown.length;
    for (const group of opening) {
      if (size - 1 + group.children.size > budget) return open;
      size += group.children.size - 1;
      open.add(group.key);
    }
  }
}

/**
 * The links between drawn nodes: each link from item to item drawn between the nodes they are shown
 * as, once per type and pair with the number of links it stands for; none within one node.
 */
function shownLinks(tree, open, links) {
  const shown = new Map();
  for (const link of links) {
    if (!tree.chains.has(link.from) || !tree.chains.has(link.to)) continue;
    const source = shownAs(tree, open, link.from);
    const target = shownAs(tree, open, link.to);
    if (source === target) continue;
    const id = `${link.type}:${source}->${target}`;
    const entry = shown.get(id) ?? { id, source, target, type: link.type, count: 0 };
    entry.count += 1;
    shown.set(id, entry);
  }
  return [...shown.values()];
}

/** The columns of the list beside the picture, each with the value it sorts by. */
const COLUMNS = {
  symbol: (row) => row.fullName.toLowerCase(),
  distance: (row) => row.distance,
  confidence: (row) => (CONFIDENCE_ORDER.includes(row.confidence) ? CONFIDENCE_ORDER.indexOf(row.confidence) : CONFIDENCE_ORDER.length),
  file: (row) => row.path,
};

/** The order of roles among equals: code, then tests, then sections (how it is used before how it is tested). */
const ROLE_ORDER = ['centre', 'code', 'test', 'section'];

/**
 * Rows sorted by `column` (`descending` or not), ties by distance, role (code before tests), file, line
 * and name, so that the order is the same every time.
 */
function sortRows(rows, column, descending = false) {
  const ties = ['distance', 'role', 'file', 'line', 'symbol'];
  const extra = { line: (row) => row.startLine, role: (row) => ROLE_ORDER.indexOf(row.role) };
  const value = (row, name) => (extra[name] ?? COLUMNS[name])(row);
  const compare = (a, b, name) => {
    const [x, y] = [value(a, name), value(b, name)];
    if (x < y) return -1;
    return x > y ? 1 : 0;
  };
  return [...rows].sort((a, b) => {
    const first = compare(a, b, column);
    if (first !== 0) return descending ? -first : first;
    for (const name of ties) {
      const tie = compare(a, b, name);
      if (tie !== 0) return tie;
    }
    return 0;
  });
}

const loreGroups = { FIRST_PICTURE_BUDGET, COLUMNS, groupTree, isOpen, shownAs, shownNodes, firstOpen, openWithin, shownLinks, sortRows };
if (typeof module !== 'undefined') module.exports = loreGroups;
else window.loreGroups = loreGroups;
