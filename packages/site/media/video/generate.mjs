/**
 * Makes the demo catalogue's show video, media/video/stage.webm (decision 0039): a 4-second
 * animation of a stage (the curtain opens on a spotlight), drawn on a canvas in Chromium and
 * recorded with MediaRecorder as VP8 WebM, small enough to ship with the repository. Nothing is
 * downloaded. Run from packages/site: node media/video/generate.mjs
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stage.webm');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const base64 = await page.evaluate(async () => {
  const W = 360;
  const H = 480;
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  document.body.append(canvas);
  const g = canvas.getContext('2d');
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250_000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => {
    recorder.onstop = resolve;
  });
  const DURATION = 4000;
  const start = performance.now();
  recorder.start();
  await new Promise((resolve) => {
    const frame = () => {
      const t = Math.min(1, (performance.now() - start) / DURATION);
      // The stage.
      const floor = g.createLinearGradient(0, 0, 0, H);
      floor.addColorStop(0, '#1a0f14');
      floor.addColorStop(1, '#3b1a22');
      g.fillStyle = floor;
      g.fillRect(0, 0, W, H);
      // The spotlight grows as the curtain opens.
      const light = g.createRadialGradient(W / 2, H * 0.7, 10, W / 2, H * 0.7, 60 + 160 * t);
      light.addColorStop(0, 'rgba(255, 236, 190, 0.95)');
      light.addColorStop(1, 'rgba(255, 236, 190, 0)');
      g.fillStyle = light;
      g.fillRect(0, 0, W, H);
      g.fillStyle = `rgba(255, 255, 255, ${t})`;
      g.font = 'bold 34px sans-serif';
      g.textAlign = 'center';
      g.fillText('Partera', W / 2, H * 0.72);
      // The curtain: two halves with folds, drawn open by `t`.
      const open = (W / 2) * Math.min(1, t * 1.3);
      for (const side of [-1, 1]) {
        const x0 = side < 0 ? 0 : W / 2 + open;
        const width = W / 2 - open;
        for (let i = 0; i < 6; i++) {
          const fold = g.createLinearGradient(x0 + (i * width) / 6, 0, x0 + ((i + 1) * width) / 6, 0);
          fold.addColorStop(0, '#8c0f22');
          fold.addColorStop(0.5, '#c8213a');
          fold.addColorStop(1, '#7a0c1d');
          g.fillStyle = fold;
          g.fillRect(x0 + (i * width) / 6, 0, width / 6 + 1, H);
        }
      }
      g.fillStyle = '#5e0a17';
      g.fillRect(0, 0, W, 36);
      if (t < 1) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await done;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
});
await browser.close();
writeFileSync(out, Buffer.from(base64, 'base64'));
console.log(`${out}: ${Buffer.from(base64, 'base64').length} bytes`);
