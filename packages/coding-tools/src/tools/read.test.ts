import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { closeSync, ftruncateSync, openSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { noProgress, silentLogger } from '@toolsmith/core';
import { executableHead, tinyGzip, tinyPdf, tinyPng } from './__fixtures__/binary-files.ts';
import { createTempProject, runTool, type TempProject } from './__fixtures__/file-tool-harness.ts';
import { MAX_IMAGE_BYTES, ReadTool, READ_OUTPUT_BUDGET } from './read.ts';

let project: TempProject;
const tool = new ReadTool();
const read = (args: Record<string, unknown>) => runTool(tool, project, args);
/** The whole result (every content part), as an MCP client or the AI SDK adapter gets it. */
const readResult = (args: Record<string, unknown>) =>
  tool.run(args, {
    deps: { session: project.session },
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: 'Read',
  });

beforeEach(() => {
  project = createTempProject();
});
afterEach(() => project.cleanup());

/** Writes `count` lines "line <n>" (+ padding) without holding the file in memory; returns its path. */
function writeNumberedLines(relative: string, count: number, width = 0): string {
  const file = project.file(relative);
  const fd = openSync(file, 'w');
  try {
    const batch: string[] = [];
    for (let n = 1; n <= count; n++) {
      batch.push(`line ${n}`.padEnd(width, '.'));
      if (batch.length === 10_000 || n === count) {
        writeSync(fd, `${batch.join('\n')}\n`);
        batch.length = 0;
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

describe('Read', () => {
  it('has a described definition', () => {
    expect(new ReadTool().getDefinition()).toMatchSnapshot();
  });

  it('shows numbered lines and says the whole file was shown', async () => {
    project.write('src/a.ts', 'const a = 1;\nconst b = 2;\n');
    const result = await read({ file_path: 'src/a.ts' });
    expect(result).toEqual({
      isError: false,
      text: '1\tconst a = 1;\n2\tconst b = 2;\n\n(End of file: 2 lines.)',
    });
  });

  it('reads a window with offset/limit and says how to continue', async () => {
    writeNumberedLines('many.txt', 30);
    const result = await read({ file_path: 'many.txt', offset: 10, limit: 5 });
    expect(result.text).toBe(
      '10\tline 10\n11\tline 11\n12\tline 12\n13\tline 13\n14\tline 14\n\n(Showing lines 10-14 of 30. Use offset=15 to continue.)',
    );
    const tail = await read({ file_path: 'many.txt', offset: 29 });
    expect(tail.text).toBe('29\tline 29\n30\tline 30\n\n(Showing lines 29-30 of 30; end of file.)');
  });

  it('shows 2000 lines by default', async () => {
    writeNumberedLines('long.txt', 2500);
    const result = await read({ file_path: 'long.txt' });
    const lines = result.text.split('\n');
    expect(lines[0]).toBe('   1\tline 1');
    expect(lines[1999]).toBe('2000\tline 2000');
    expect(result.text).toContain('(Showing lines 1-2000 of 2500. Use offset=2001 to continue.)');
  });

  it('strips CRLF endings and the BOM from the shown text, and counts an unterminated last line', async () => {
    project.write('win.txt', '\uFEFFfirst\r\nsecond\r\nlast');
    const result = await read({ file_path: 'win.txt' });
    expect(result.text).toBe('1\tfirst\n2\tsecond\n3\tlast\n\n(End of file: 3 lines.)');
  });

  it('keeps multi-byte characters intact across chunk boundaries', async () => {
    const line = 'ж'.repeat(40_000); // 80 000 bytes: longer than one 64 KB chunk, cut at 2000 chars
    project.write('cyr.txt', `${'é'.repeat(1999)}😀x\n${line}\nend\n`);
    const result = await read({ file_path: 'cyr.txt' });
    const [first, second, third] = result.text.split('\n');
    // The emoji would straddle the 2000-character cut: it is dropped whole, never split.
    expect(first).toBe(`1\t${'é'.repeat(1999)} … [line cut at 2000 characters]`);
    expect(second).toBe(`2\t${'ж'.repeat(2000)} … [line cut at 2000 characters]`);
    expect(third).toBe('3\tend');
  });

  it('cuts a very long line without holding it whole', async () => {
    project.write('min.js', `${'x'.repeat(3_000_000)}\nnext\n`);
    const result = await read({ file_path: 'min.js' });
    expect(result.text).toBe(
      `1\t${'x'.repeat(2000)} … [line cut at 2000 characters]\n2\tnext\n\n(End of file: 2 lines.)`,
    );
  });

  it('caps the output by characters and continues from the first line not shown', async () => {
    writeNumberedLines('wide.txt', 1000, 200);
    const result = await read({ file_path: 'wide.txt' });
    const shown = result.text.split('\n\n')[0]?.split('\n') ?? [];
    const last = shown.length;
    expect(last).toBeGreaterThan(100);
    expect(last).toBeLessThan(1000);
    expect(result.text.length).toBeLessThanOrEqual(READ_OUTPUT_BUDGET + 200);
    expect(result.text).toContain(
      `(Output capped at ${READ_OUTPUT_BUDGET} characters. Showing lines 1-${last} of 1000. Use offset=${last + 1} to continue.)`,
    );
    const next = await read({ file_path: 'wide.txt', offset: last + 1, limit: 1 });
    expect(next.text.startsWith(`${last + 1}\tline ${last + 1}.`)).toBe(true);
  });

  it('reports an empty file', async () => {
    project.write('empty.txt', '');
    expect(await read({ file_path: 'empty.txt' })).toEqual({ isError: false, text: '(empty.txt is empty.)' });
  });

  it('refuses an offset past the end, naming the valid range', async () => {
    writeNumberedLines('five.txt', 5);
    const result = await read({ file_path: 'five.txt', offset: 9 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- offset: offset 9 is past the end of five.txt, which has 5 lines. Use an offset from 1 to 5.',
    );
  });

  it('refuses offset 0 and a non-integer limit at validation', async () => {
    const result = await read({ file_path: 'x.txt', offset: 0, limit: 1.5 });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/offset/);
    expect(result.text).toMatch(/limit/);
  });

  it('suggests close names for a missing file', async () => {
    project.write('src/index.ts', 'export {};\n');
    const result = await read({ file_path: 'src/indx.ts' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('File not found: src/indx.ts.');
    expect(result.text).toContain('Did you mean: src/index.ts?');
  });

  it('describes binary files by their magic bytes, whatever their name, and records them so Write may replace them', async () => {
    project.write('bin/node-copy', executableHead());
    project.write('logs/app.log.gz', tinyGzip());
    project.write('logs/rotated', tinyGzip());
    project.write('data.bin2', Buffer.from([0x01, 0x02, 0x00, 0x03, 0x04, 0x05, 0x06]));
    project.write('logo.png', 'not really a png');
    const executable = await read({ file_path: 'bin/node-copy' });
    expect(executable.isError).toBe(false);
    expect(executable.text).toMatch(
      process.platform === 'darwin'
        ? /^bin\/node-copy is a binary file \(Mach-O executable, application\/x-mach-binary, 64\.0 KB\)\. Read shows text files, images and PDFs;/
        : /^bin\/node-copy is a binary file \(ELF executable, application\/x-elf, 64\.0 KB\)\. Read shows text files, images and PDFs;/,
    );
    expect(executable.text).not.toContain('ELF\u0002');
    for (const name of ['logs/app.log.gz', 'logs/rotated']) {
      const archive = await read({ file_path: name });
      expect(archive.isError).toBe(false);
      expect(archive.text).toContain(`${name} is a binary file (gzip archive, application/gzip, `);
      expect(archive.text).toContain('`tar -tf`');
    }
    expect((await read({ file_path: 'data.bin2' })).text).toBe(
      'data.bin2 is a binary file (binary content, 7 bytes). Read shows text files, images and PDFs; inspect this one with Bash (e.g. `file`, `unzip -l`, `tar -tf`, `xxd | head`) if needed.',
    );
    expect((await read({ file_path: 'logo.png' })).text).toContain(
      'logo.png is a binary file (image, by its extension, 16 bytes).',
    );
    expect(project.session.reads.has(project.file('bin/node-copy'))).toBe(true);
    expect(project.session.reads.has(project.file('logo.png'))).toBe(true);
  });

  it('attaches a real PDF as an embedded application/pdf resource, also without a .pdf name', async () => {
    const pdf = tinyPdf();
    project.write('docs/paper.pdf', pdf);
    project.write('downloads/paper', pdf);
    for (const name of ['docs/paper.pdf', 'downloads/paper']) {
      const result = await readResult({ file_path: name });
      expect(result.isError).toBeUndefined();
      expect(result.content).toEqual([
        {
          type: 'resource',
          resource: {
            uri: pathToFileURL(project.file(name)).href,
            mimeType: 'application/pdf',
            blob: pdf.toString('base64'),
          },
        },
        {
          type: 'text',
          text: `${name} (PDF document, application/pdf, ${pdf.length} bytes) is attached as a document.`,
        },
      ]);
    }
  });

  it('attaches a real PNG as image content, and only describes one too large to attach', async () => {
    const png = tinyPng();
    project.write('assets/pixel.png', png);
    const result = await readResult({ file_path: 'assets/pixel.png' });
    expect(result.content).toEqual([
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
      { type: 'text', text: 'assets/pixel.png (PNG image, image/png, 77 bytes) is attached as an image.' },
    ]);
    const big = project.write('assets/big.png', png);
    // A valid PNG header followed by padding past the attachment limit.
    const fd = openSync(big, 'r+');
    ftruncateSync(fd, MAX_IMAGE_BYTES + 1);
    closeSync(fd);
    const tooBig = await readResult({ file_path: 'assets/big.png' });
    expect(tooBig.content).toEqual([
      {
        type: 'text',
        text: 'assets/big.png is a binary file (PNG image, image/png, 5.0 MB). It is larger than the 5.0 MB Read attaches: make a smaller copy with Bash (e.g. ImageMagick `convert`, `pdftotext`) and read that.',
      },
    ]);
  });

  it('counts one line as "1 line"', async () => {
    project.write('one.txt', 'only\n');
    expect((await read({ file_path: 'one.txt' })).text).toBe('1\tonly\n\n(End of file: 1 line.)');
    expect((await read({ file_path: 'one.txt', offset: 5 })).text).toContain(
      'offset 5 is past the end of one.txt, which has 1 line. Use an offset from 1 to 1.',
    );
  });

  it('still reads text files that start like a known type (XML) as text', async () => {
    project.write('feed', '<?xml version="1.0"?>\n<feed>\n</feed>\n');
    expect((await read({ file_path: 'feed' })).text).toBe(
      '1\t<?xml version="1.0"?>\n2\t<feed>\n3\t</feed>\n\n(End of file: 3 lines.)',
    );
  });

  it('refuses a directory and points to ListDir', async () => {
    project.write('src/a.ts', '');
    const result = await read({ file_path: 'src' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('src is a directory. Use ListDir');
  });

  it('refuses paths outside the root, including through a symlink', async () => {
    writeFileSync(path.join(project.outside, 'secret.txt'), 'secret\n');
    symlinkSync(path.join(project.outside, 'secret.txt'), project.file('link.txt'));
    for (const file_path of ['../outside/secret.txt', path.join(project.outside, 'secret.txt'), 'link.txt']) {
      const result = await read({ file_path });
      expect(result.isError).toBe(true);
      expect(result.text).toContain(`is outside the project root ${project.root}`);
      expect(result.text).not.toContain('secret\n');
    }
  });

  it('records the read for the read-before-write check (partial reads too)', async () => {
    writeNumberedLines('a.txt', 10);
    expect(project.session.reads.has(project.file('a.txt'))).toBe(false);
    await read({ file_path: 'a.txt', offset: 3, limit: 2 });
    expect(project.session.reads.get(project.file('a.txt'))).toEqual({
      size: statSync(project.file('a.txt')).size,
      mtimeMs: statSync(project.file('a.txt')).mtimeMs,
    });
  });

  it('stops reading early in a file too large to count, and says more lines follow', async () => {
    const file = project.file('huge.log');
    writeFileSync(file, Array.from({ length: 1000 }, (_, i) => `entry ${i + 1}`).join('\n') + '\n');
    const fd = openSync(file, 'r+');
    ftruncateSync(fd, 200 * 1024 * 1024); // sparse: 200 MB without writing them
    closeSync(fd);
    const started = performance.now();
    const result = await read({ file_path: 'huge.log', limit: 3 });
    const elapsed = performance.now() - started;
    expect(result.text).toBe(
      '1\tentry 1\n2\tentry 2\n3\tentry 3\n\n(Showing lines 1-3. More lines follow (the file is 200.0 MB, too large to count them). Use offset=4 to continue.)',
    );
    expect(elapsed).toBeLessThan(2500);
  });

  it('reads late lines of a 50 MB file with flat memory', async () => {
    const lineCount = 1_000_000;
    const file = writeNumberedLines('big.txt', lineCount, 52); // 53 bytes per line: ~50.5 MB
    const { size } = statSync(file);
    expect(size).toBeGreaterThan(50 * 1024 * 1024);

    /**
     * Peak growth of heap + external memory (buffers, external strings) while `work` runs, sampled
     * every 1 ms. Without --expose-gc, garbage left by earlier work may be collected meanwhile, so
     * growth is measured from the lowest sample seen so far, not from the first one.
     */
    async function peakGrowth(work: () => Promise<unknown>): Promise<{ peak: number; result: unknown }> {
      let low = Infinity;
      let peak = 0;
      const sample = () => {
        const usage = process.memoryUsage();
        const now = usage.heapUsed + usage.external;
        low = Math.min(low, now);
        peak = Math.max(peak, now - low);
      };
      sample();
      const timer = setInterval(sample, 1);
      try {
        const result = await work();
        sample();
        return { peak, result };
      } finally {
        clearInterval(timer);
      }
    }

    // The method detects a whole-file load: reading it into a string grows memory by the file size.
    const naive = await peakGrowth(() => readFile(file, 'utf8'));
    expect(naive.peak).toBeGreaterThan(size / 4);

    const streamed = await peakGrowth(() => read({ file_path: 'big.txt', offset: 999_901, limit: 100 }));
    const text = (streamed.result as { text: string }).text;
    expect(text.split('\n')[0]).toBe(` 999901\t${'line 999901'.padEnd(52, '.')}`);
    expect(text).toContain('(Showing lines 999901-1000000 of 1000000; end of file.)');
    const middle = await peakGrowth(() => read({ file_path: 'big.txt', offset: 500_000, limit: 10 }));
    expect((middle.result as { text: string }).text).toContain(
      '(Showing lines 500000-500009 of 1000000. Use offset=500010 to continue.)',
    );
    // Flat: a few MB at most (buffers + the shown lines + GC slack), against ~50 MB for the file.
    expect(streamed.peak).toBeLessThan(4 * 1024 * 1024);
    expect(middle.peak).toBeLessThan(4 * 1024 * 1024);
  });
});
