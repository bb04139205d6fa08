/** @jsxRuntime automatic */
import { posterHue } from '../PosterCard.js';

/** Where a show's video is served (the site's /media/video/ route, decision 0039). */
export const showVideoUrl = (videoId: string) => `/media/video/${encodeURIComponent(videoId)}.webm`;

/**
 * The show page's image slider (spec 2.9; 4 'Slider video slide'; 9 Show page: 3000 ms interval,
 * 1000 ms fade, a pause of 2 cycles after a manual pick): the show's video first when it has one,
 * then the poster. The script (client/show/slider.ts) runs it; without scripts the first slide
 * shows, and the video plays with its own controls.
 */
export function ShowGallery({
  show,
}: {
  show: { id: number; name: string; posterUrl: string; videoId?: string | null };
}) {
  const slides = show.videoId ? 2 : 1;
  return (
    <section
      className="show-gallery show-hero__poster"
      style={posterHue(show.id)}
      data-slider={slides > 1 ? '' : undefined}
      aria-roledescription="карусель"
      aria-label={`Фото и видео: ${show.name}`}
    >
      <ul className="show-gallery__slides">
        {show.videoId ? (
          <li className="show-gallery__slide show-gallery__slide--active" data-slide="video">
            <video
              className="show-gallery__video"
              src={showVideoUrl(show.videoId)}
              poster={show.posterUrl}
              muted
              playsInline
              controls
              preload="metadata"
              aria-label={`Видео: ${show.name}`}
              data-slide-video=""
            />
          </li>
        ) : null}
        <li
          className={show.videoId ? 'show-gallery__slide' : 'show-gallery__slide show-gallery__slide--active'}
          data-slide="poster"
        >
          <span className="poster-fallback" aria-hidden="true">
            {show.name}
          </span>
          <img src={show.posterUrl} alt={`Афиша: ${show.name}`} width={360} height={480} data-poster="" />
        </li>
      </ul>
      {slides > 1 ? (
        <div className="show-gallery__dots" data-slider-dots="" hidden>
          <button
            type="button"
            className="show-gallery__dot"
            data-slide-pick="0"
            aria-label="Видео"
            aria-pressed="true"
          />
          <button
            type="button"
            className="show-gallery__dot"
            data-slide-pick="1"
            aria-label="Афиша"
            aria-pressed="false"
          />
        </div>
      ) : null}
    </section>
  );
}
