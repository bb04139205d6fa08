/** Seat photos (spec 2.1, 3.1 hallPlaceImages): the toggle and the view-from-the-seat overlay. */
import { PlaceTip, placePhoto } from '@partera/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hallRoutes } from './support/hall.js';
import { hallContext, renderInHall } from './support/hall-context.js';
import { serve } from './support/server.js';

const images = [
  { place_id: 101, image: '/media/views/101.jpg' },
  { place_id: 102, image: '/media/views/102.jpg' },
];

function renderTip(photo: string | undefined) {
  serve(hallRoutes());
  const ctx = hallContext({ config: { hallPlaceImages: images } });
  const onClose = vi.fn();
  renderInHall(
    ctx,
    <PlaceTip ctx={ctx} place={ctx.data.places.get(101)!} anchor={{ x: 0, y: 0 }} photo={photo} onClose={onClose} />,
  );
  return { tip: screen.getByRole('dialog', { name: 'Партер, ряд 1, место 1' }), onClose };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('seat photos', () => {
  it('finds the photo of a place among the page’s hallPlaceImages', () => {
    expect(placePhoto(images, 102)).toBe('/media/views/102.jpg');
    expect(placePhoto(images, 103)).toBeUndefined();
    expect(placePhoto(undefined, 101)).toBeUndefined();
  });

  it('a seat without a photo has no toggle', () => {
    const { tip } = renderTip(undefined);
    expect(within(tip).queryByRole('button', { name: 'Вид с места' })).toBeNull();
  });

  it('the toggle opens the view over the page: image, the seat’s label, focus inside', () => {
    const { tip } = renderTip(placePhoto(images, 101));
    const toggle = within(tip).getByRole('button', { name: 'Вид с места' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    fireEvent.click(toggle);
    const overlay = screen.getByRole('dialog', { name: 'Вид с места' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const image = within(overlay).getByRole('img', { name: 'Вид с места: Партер, ряд 1, место 1' });
    expect(image.getAttribute('src')).toBe('/media/views/101.jpg');
    expect(overlay.textContent).toContain('Партер, ряд 1, место 1');
    expect(overlay.contains(document.activeElement)).toBe(true);
  });

  it('Escape closes the view alone and gives the focus back to the toggle', () => {
    const { tip, onClose } = renderTip(placePhoto(images, 101));
    const toggle = within(tip).getByRole('button', { name: 'Вид с места' });
    toggle.focus();
    fireEvent.click(toggle);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Вид с места' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(toggle);
  });

  it('its button closes it too, and Tab stays inside it', () => {
    const { tip } = renderTip(placePhoto(images, 101));
    const toggle = within(tip).getByRole('button', { name: 'Вид с места' });
    toggle.focus();
    fireEvent.click(toggle);
    const overlay = screen.getByRole('dialog', { name: 'Вид с места' });
    const close = within(overlay).getByRole('button', { name: 'Закрыть' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(screen.queryByRole('dialog', { name: 'Вид с места' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
