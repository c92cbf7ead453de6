import type { LearningUploadMimeType } from './learning-catalogue.ts';

/**
 * What an uploaded file is, told by its first bytes (reliability catalogue, File Upload: the
 * name and the browser's Content-Type are not trusted). `head` is the file's first bytes (at least
 * the first 4 KiB when the file is that long).
 *   PDF   "%PDF-" at the very start
 *   MP4   an ISO base media "ftyp" box first (bytes 4-7), with a video brand (not HEIF/AVIF images)
 *   WebM  the EBML magic 1A 45 DF A3 and the DocType "webm" in the header (Matroska .mkv is refused)
 */
export const LEARNING_UPLOAD_SNIFF_BYTES = 4096;

const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis', 'jxl ']);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function sniffLearningUpload(head: Uint8Array): LearningUploadMimeType | null {
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
    const brand = ascii(head, 8, 12);
    if (boxSize >= 16 && boxSize <= 1024 && /^[\x20-\x7e]{4}$/.test(brand) && !IMAGE_BRANDS.has(brand)) return 'video/mp4';
    return null;
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // DocType element: id 0x42 0x82, a one-byte size 0x84, then "webm".
    const header = ascii(head, 0, Math.min(head.length, 64));
    return header.includes('\x42\x82\x84webm') ? 'video/webm' : null;
  }
  return null;
}

/** File name endings allowed for each kind (the name must also agree with the content). */
export const LEARNING_UPLOAD_EXTENSIONS: Readonly<Record<LearningUploadMimeType, readonly string[]>> = {
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
  'application/pdf': ['pdf'],
};

export function learningUploadExtension(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** True when the file's name ends as its content says it is (an HTML page named .mp4 is never here: its content is not a video). */
export function learningUploadNameAgrees(fileName: string, mimeType: LearningUploadMimeType): boolean {
  return LEARNING_UPLOAD_EXTENSIONS[mimeType].includes(learningUploadExtension(fileName));
}

/** The name the server stores the file under: never the uploader's. */
export function learningStoredName(id: string, mimeType: LearningUploadMimeType): string {
  return `${id}.${LEARNING_UPLOAD_EXTENSIONS[mimeType][0]}`;
}

/** The uploader's name as shown to admins: no path, no control characters, at most 200 characters. */
export function displayUploadName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base].filter((character) => character.charCodeAt(0) > 0x1f && character.charCodeAt(0) !== 0x7f).join('').trim();
  return (cleaned || 'upload').slice(0, 200);
}
