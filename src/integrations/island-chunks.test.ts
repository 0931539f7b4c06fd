import { describe, expect, it } from 'vitest';
import { usedBehindDoor } from './island-chunks';

const door = '/site/src/lib/time/index.ts';
const doorCode = `export { formatClock, localDate as dateIn } from "./wall-clock";\nexport { eventWindowInput } from "./event-window";\nexport { plural } from "./format";`;
const doorImports = [
  '/site/src/lib/time/wall-clock.ts',
  '/site/src/lib/time/event-window.ts',
  '/site/src/lib/time/format.ts',
];
const island = '/site/src/islands/cart/CartPage.tsx';
const behind = (code: string, dCode = doorCode) => usedBehindDoor(island, code, door, dCode, doorImports);

describe('usedBehindDoor (which of a door’s modules an island module really takes)', () => {
  it('names only the modules that export what is imported', () => {
    expect(behind(`import { formatClock } from "../../lib/time";`)).toEqual(['/site/src/lib/time/wall-clock.ts']);
    expect(
      behind(`import { plural, dateIn as d } from "../../lib/time/index";\nimport { x } from "../shared/x";`),
    ).toEqual(['/site/src/lib/time/wall-clock.ts', '/site/src/lib/time/format.ts']);
    expect(behind(`import { x } from "../shared/x";`)).toEqual([]);
  });

  it('cannot tell (null: every module counts) for a namespace import or a star re-export', () => {
    expect(behind(`import * as time from "../../lib/time";`)).toBeNull();
    expect(behind(`import { plural } from "../../lib/time";`, `export * from "./format";`)).toBeNull();
  });
});
