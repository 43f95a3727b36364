/**
 * Just enough QR code writing for a test camera: byte mode, error correction level L, versions
 * 1 to 10 (up to 271 bytes), one fixed mask. A reader accepts any valid mask, so the penalty
 * scoring that picks the "best" one is left out. The steps follow ISO/IEC 18004 as laid out in
 * Project Nayuki's reference encoder. `videoOf` turns a code into a Y4M clip that Chromium plays
 * as its fake camera (--use-file-for-fake-video-capture).
 */

/** Level L, versions 1-10: error correction codewords per block and the number of blocks. */
const ECC_PER_BLOCK = [7, 10, 15, 20, 26, 18, 20, 24, 30, 18];
const BLOCKS = [1, 1, 1, 1, 1, 2, 2, 2, 2, 4];
/** Format information of level L (bits 01) with mask 0. */
const FORMAT_L = 1;
const MASK = 0;

/** Modules a version has for data and error correction (the rest are patterns and information). */
function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

function dataCodewords(version: number): number {
  return Math.floor(rawDataModules(version) / 8) - (ECC_PER_BLOCK[version - 1] ?? 0) * (BLOCKS[version - 1] ?? 0);
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let position = version * 4 + 10; positions.length < count; position -= step) positions.splice(1, 0, position);
  return positions;
}

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function multiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = multiply(result[j] ?? 0, root) ^ (result[j + 1] ?? 0);
    }
    root = multiply(root, 0x02);
  }
  return result;
}

function reedSolomonRemainder(data: number[], divisor: number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] = (result[i] ?? 0) ^ multiply(coefficient, factor);
    });
  }
  return result;
}

/** The data codewords with their error correction, split into blocks and interleaved. */
function codewords(bytes: Uint8Array, version: number): number[] {
  const capacity = dataCodewords(version);
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4); // byte mode
  put(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach((byte) => put(byte, 8));
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity * 8; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data = Array.from({ length: capacity }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((byte, bit) => (byte << 1) | bit, 0));

  const blocks = BLOCKS[version - 1] ?? 1;
  const eccLength = ECC_PER_BLOCK[version - 1] ?? 0;
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const divisor = reedSolomonDivisor(eccLength);
  const split: number[][] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const block = data.slice(k, k + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
    k += block.length;
    const ecc = reedSolomonRemainder(block, divisor);
    if (i < shortBlocks) block.push(0);
    split.push([...block, ...ecc]);
  }
  const result: number[] = [];
  for (let i = 0; i < (split[0]?.length ?? 0); i++) {
    split.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i] ?? 0);
    });
  }
  return result;
}

/** The modules of a QR code of `text` (UTF-8), true for dark, row by row. */
export function qrModules(text: string): boolean[][] {
  const bytes = new TextEncoder().encode(text);
  const version = ECC_PER_BLOCK.findIndex((_, i) => dataCodewords(i + 1) * 8 >= 4 + (i + 1 < 10 ? 8 : 16) + bytes.length * 8) + 1;
  if (version === 0) throw new Error(`'${text.slice(0, 20)}…' is too long for a version 1-10 QR code`);
  const size = version * 4 + 17;
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, on: boolean) => {
    const row = dark[y];
    const mark = reserved[y];
    if (!row || !mark || x < 0 || x >= size) return;
    row[x] = on;
    mark[x] = true;
  };

  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        if (cy + dy >= 0 && cy + dy < size) set(cx + dx, cy + dy, distance !== 2 && distance !== 4);
      }
    }
  }
  const align = alignmentPositions(version);
  align.forEach((ax, i) =>
    align.forEach((ay, j) => {
      const onFinder = (i === 0 && j === 0) || (i === 0 && j === align.length - 1) || (i === align.length - 1 && j === 0);
      if (onFinder) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );

  // Format information (level and mask), twice, and the dark module.
  const formatData = (FORMAT_L << 3) | MASK;
  let remainder = formatData;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const format = ((formatData << 10) | remainder) ^ 0x5412;
  const bit = (value: number, i: number) => ((value >>> i) & 1) !== 0;
  for (let i = 0; i <= 5; i++) set(8, i, bit(format, i));
  set(8, 7, bit(format, 6));
  set(8, 8, bit(format, 7));
  set(7, 8, bit(format, 8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(format, i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(format, i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(format, i));
  set(8, size - 8, true);

  if (version >= 7) {
    let rest = version;
    for (let i = 0; i < 12; i++) rest = (rest << 1) ^ ((rest >>> 11) * 0x1f25);
    const info = (version << 12) | rest;
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, bit(info, i));
      set(b, a, bit(info, i));
    }
  }

  // Data in two-module columns, zigzagging up and down from the right, then mask 0 over it.
  const data = codewords(bytes, version);
  let index = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        const row = dark[y];
        if (!row || reserved[y]?.[x]) continue;
        const on = index < data.length * 8 && bit(data[index >>> 3] ?? 0, 7 - (index & 7));
        index++;
        row[x] = on !== ((x + y) % 2 === 0);
      }
    }
  }
  return dark;
}

/**
 * A Y4M clip of one frame: the code, black on white with a quiet zone, at most `codeSide` pixels
 * wide in the middle of a `width` x `height` grey picture (4:2:0; the chroma planes are neutral).
 * The default fits the scanner's 350 px box, as a user holds a label in front of the camera.
 */
export function videoOf(text: string, width = 640, height = 480, codeSide = 300): Buffer {
  const modules = qrModules(text);
  const quiet = 4;
  const scale = Math.max(1, Math.floor(Math.min(codeSide, width, height) / (modules.length + 2 * quiet)));
  const side = (modules.length + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 160);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const on = modules[Math.floor(y / scale) - quiet]?.[Math.floor(x / scale) - quiet] ?? false;
      luma[(top + y) * width + left + x] = on ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii'), Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
}
