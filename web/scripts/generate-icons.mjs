// Draws the app icons (a white form sheet on the brand blue) and writes them as PNG files into
// public/icons/. Pure Node (zlib), so regenerating needs no image tooling:
//   npm run icons
// The PNGs are committed; rerun this only when the design changes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BLUE = [0x15, 0x65, 0xc0];
const WHITE = [0xff, 0xff, 0xff];
const SAMPLES = 4; // 4x4 supersampling per pixel for smooth edges

/** Signed-distance-free rounded rectangle test in unit coordinates. */
function inRoundedRect(x, y, [x0, y0, x1, y1], r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/**
 * Colour at unit point (x, y), or null for transparent. `fullBleed` fills the whole square
 * (maskable and Apple icons, whose corners the platform cuts itself); the sheet stays inside
 * the maskable safe zone (a centred circle of radius 0.4).
 */
function shade(x, y, fullBleed) {
  const inBackground = fullBleed || inRoundedRect(x, y, [0, 0, 1, 1], 0.22);
  if (!inBackground) return null;
  if (inRoundedRect(x, y, [0.3, 0.2, 0.7, 0.8], 0.04)) {
    const lines = [
      [0.37, 0.33, 0.63],
      [0.37, 0.45, 0.63],
      [0.37, 0.57, 0.55],
    ];
    for (const [lx0, ly, lx1] of lines) {
      if (inRoundedRect(x, y, [lx0, ly, lx1, ly + 0.045], 0.02)) return BLUE;
    }
    // A filled checkbox at the bottom: the "form" in eform.
    if (inRoundedRect(x, y, [0.37, 0.66, 0.45, 0.74], 0.015)) return BLUE;
    return WHITE;
  }
  return BLUE;
}

function render(size, fullBleed) {
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const color = shade((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, fullBleed);
          if (!color) continue;
          r += color[0]; g += color[1]; b += color[2]; a += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (a > 0) {
        rgba[offset] = Math.round(r / a);
        rgba[offset + 1] = Math.round(g / a);
        rgba[offset + 2] = Math.round(b / a);
      }
      rgba[offset + 3] = Math.round((a / SAMPLES ** 2) * 255);
    }
  }
  return encodePng(size, size, rgba);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ICONS = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
  { file: 'favicon.png', size: 48, fullBleed: false },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, fullBleed } of ICONS) {
  writeFileSync(join(OUT, file), render(size, fullBleed));
  console.log(`wrote public/icons/${file} (${size}x${size})`);
}
