/**
 * The show page's slider (site-browsing-account.md 2.9; 4 'Slider video slide'; 9 Show page):
 * a slide every 3000 ms with a 1000 ms fade (the stylesheet's transition), 2 cycles of rest after
 * a manual pick. A video slide plays first (muted, so the browser lets it start); its end or an
 * error advances the slider; a pause longer than 7 s removes the video and restarts the slider,
 * and a stall removes it at once. A visitor who asks for less motion gets no automatic turns.
 */
import { SHOW_PAGE } from '@partera/contract';

export function startSlider(root: HTMLElement): void {
  const doc = root.ownerDocument;
  const win = doc.defaultView ?? window;
  const still = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const dots = root.querySelector<HTMLElement>('[data-slider-dots]');
  let slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  let current = Math.max(
    0,
    slides.findIndex((s) => s.classList.contains('show-gallery__slide--active')),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;

  const video = root.querySelector<HTMLVideoElement>('[data-slide-video]');
  const videoSlide = video?.closest<HTMLElement>('[data-slide]') ?? null;

  const show = (index: number) => {
    current = (index + slides.length) % slides.length;
    slides.forEach((s, i) => {
      s.classList.toggle('show-gallery__slide--active', i === current);
    });
    for (const dot of dots?.querySelectorAll<HTMLButtonElement>('[data-slide-pick]') ?? []) {
      dot.setAttribute('aria-pressed', String(slides[Number(dot.dataset.slidePick)] === slides[current]));
    }
    if (video && slides[current] === videoSlide) {
      video.currentTime = 0;
      void video.play().catch(() => schedule(1));
      clearTimeout(timer);
      return;
    }
    video?.pause();
  };

  /** The next turn after `cycles` intervals, unless the video is on. */
  const schedule = (cycles: number) => {
    clearTimeout(timer);
    if (still || slides.length < 2) return;
    timer = setTimeout(() => show(current + 1), SHOW_PAGE.sliderIntervalMs * cycles);
  };

  const removeVideo = () => {
    if (!video || !videoSlide?.isConnected) return;
    clearTimeout(pauseTimer);
    video.pause();
    videoSlide.remove();
    dots?.remove();
    slides = slides.filter((s) => s !== videoSlide);
    show(0);
    schedule(1);
  };

  if (video && videoSlide) {
    video.addEventListener('ended', () => {
      show(current + 1);
      schedule(1);
    });
    video.addEventListener('error', () => removeVideo());
    video.addEventListener('stalled', () => removeVideo());
    video.addEventListener('pause', () => {
      if (video.ended || slides[current] !== videoSlide) return;
      clearTimeout(pauseTimer);
      pauseTimer = setTimeout(() => {
        if (video.paused) removeVideo();
      }, SHOW_PAGE.videoPauseTimeoutMs);
    });
    video.addEventListener('play', () => clearTimeout(pauseTimer));
  }

  if (dots) {
    dots.hidden = false;
    dots.addEventListener('click', (event) => {
      const dot = (event.target as Element).closest<HTMLButtonElement>('[data-slide-pick]');
      if (!dot) return;
      show(Number(dot.dataset.slidePick));
      // After a manual pick the slider rests for 2 cycles.
      if (slides[current] !== videoSlide) schedule(1 + SHOW_PAGE.sliderPauseCyclesAfterPick);
    });
  }
  root.classList.add('show-gallery--running');
  show(current);
  if (slides[current] !== videoSlide) schedule(1);
}
