import type { Page } from 'playwright-core';

// Reading /explorer's graph in the page: cytoscape's, which the page keeps as `window.loreGraph`.

/** The part of cytoscape's API these tests read. */
export interface PageGraph {
  nodes(): { map<T>(each: (node: GraphNode) => T): T[] };
  edges(): { map<T>(each: (edge: { source(): GraphNode; target(): GraphNode; data(key: string): string }) => T): T[] };
  getElementById(id: string): GraphNode;
}
interface GraphNode {
  id(): string;
  data(key: string): string;
  renderedPosition(): { x: number; y: number };
  renderedBoundingBox(options: Record<string, boolean>): Box;
  style(name: string): string;
}

/** A box on the canvas, in pixels from its top left corner. */
export interface Box {
  id: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface DrawnNode {
  id: string;
  kind: string;
  /** What the node shows. */
  label: string;
  /** What hovering or selecting it shows, and the details panel. */
  fullName: string;
  distance: number;
  x: number;
  y: number;
}

/** The nodes the page draws, where it draws them. */
export function nodes(page: Page): Promise<DrawnNode[]> {
  return page.evaluate(() => {
    const graph = (globalThis as unknown as { loreGraph: PageGraph }).loreGraph;
    return graph.nodes().map((node) => ({
      id: node.id(),
      kind: node.data('kind'),
      label: node.data('label'),
      fullName: node.data('fullName'),
      distance: Number(node.data('distance')),
      ...node.renderedPosition(),
    }));
  });
}

/** The box of each node's label as cytoscape renders it (the label alone, without the node or edges). */
export function labelBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const graph = (globalThis as unknown as { loreGraph: PageGraph }).loreGraph;
    return graph.nodes().map((node) => {
      const { x1, y1, x2, y2 } = node.renderedBoundingBox({
        includeNodes: false,
        includeEdges: false,
        includeLabels: true,
        includeOverlays: false,
      });
      return { id: node.id(), x1, y1, x2, y2 };
    });
  });
}

/** A node's distance from the centre on the canvas' ellipse (y scaled by the canvas' width/height): one value for every node of a ring. */
export function ellipseRadius(
  node: { x: number; y: number },
  centre: { x: number; y: number },
  canvas: { width: number; height: number },
): number {
  return Math.hypot(node.x - centre.x, ((node.y - centre.y) * canvas.width) / canvas.height);
}

/** The boxes not wholly inside the canvas. */
export function outsideCanvas(boxes: Box[], canvas: { width: number; height: number }): Box[] {
  return boxes.filter((box) => box.x1 < 0 || box.y1 < 0 || box.x2 > canvas.width || box.y2 > canvas.height);
}

/** The pairs of boxes that overlap, as `id & id`. */
export function overlappingLabels(boxes: Box[]): string[] {
  const overlaps: string[] = [];
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      if (a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2) overlaps.push(`${a.id} & ${b.id}`);
    }
  });
  return overlaps;
}

/** The rows of the list beside the picture, each as its cells' texts (symbol, distance, confidence, file). */
export function listRows(page: Page): Promise<string[][]> {
  return page
    .locator('#list-body tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...(row as unknown as { cells: { textContent: string }[] }).cells].map((cell) => cell.textContent)),
    );
}

/** Taps a node of the graph by its id, as a click on it does. */
export async function tapNode(page: Page, id: string): Promise<void> {
  await page.evaluate((nodeId) => {
    const graph = (globalThis as unknown as { loreGraph: { getElementById(id: string): { emit(event: string): void } } }).loreGraph;
    graph.getElementById(nodeId).emit('tap');
  }, id);
}
