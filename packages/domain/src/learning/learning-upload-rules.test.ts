import { describe, expect, it } from 'vitest';
import { displayUploadName, learningStoredName, learningUploadNameAgrees, sniffLearningUpload } from './learning-upload-rules.ts';

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('upload sniffing (content, not name)', () => {
  it('knows PDF, MP4 and WebM by their first bytes', () => {
    expect(sniffLearningUpload(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffLearningUpload(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'))).toBe('video/mp4');
    expect(sniffLearningUpload(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], 'webm', [0x42, 0x87]))).toBe('video/webm');
  });
  it('refuses HTML, images in an ftyp box, Matroska and empty files', () => {
    expect(sniffLearningUpload(bytes('<!doctype html><html><script>alert(1)</script>'))).toBeNull();
    expect(sniffLearningUpload(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'))).toBeNull();
    expect(sniffLearningUpload(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], 'matroska'))).toBeNull();
    expect(sniffLearningUpload(new Uint8Array())).toBeNull();
    expect(sniffLearningUpload(bytes(' %PDF-1.7'))).toBeNull();
  });
  it('the name must agree with the content; the stored name is the server’s', () => {
    expect(learningUploadNameAgrees('Intro.MP4', 'video/mp4')).toBe(true);
    expect(learningUploadNameAgrees('intro.pdf', 'video/mp4')).toBe(false);
    expect(learningUploadNameAgrees('intro', 'video/webm')).toBe(false);
    expect(learningStoredName('abc', 'video/webm')).toBe('abc.webm');
    expect(displayUploadName('../../etc/pass\u0000wd.pdf')).toBe('passwd.pdf');
  });
});
