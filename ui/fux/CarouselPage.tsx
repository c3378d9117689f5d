/**
 * /fux/carousel: three feature slides. 'Go to login' enables on the last slide; 'Exit' asks first. The slide
 * shown is visual state, so it stays here; a swipe turns it as the arrows do.
 */
import './strings';
import { useRef, useState } from 'react';
import { useActions } from '../../src/bridge/CoreContext';
import { useT } from '../../src/i18n';
import { Dialog } from '../common/Dialog';
import { ChevronLeft, ChevronRight } from '../common/icons';
import { Page } from '../common/Page';
import { useWizard } from '../common/useWizard';
import { DeliveryArt, MappingArt, TeamArt } from './CarouselArt';

const SLIDES = [DeliveryArt, MappingArt, TeamArt];
/** A horizontal drag this long (px) turns the slide. */
const SWIPE_PX = 80;

export function CarouselPage() {
  const t = useT();
  const { dispatch } = useActions();
  const w = useWizard('carousel');
  const [index, setIndex] = useState(0);
  const [exiting, setExiting] = useState(false);
  const start = useRef<number | null>(null);
  const last = SLIDES.length - 1;
  const go = (i: number) => setIndex(Math.max(0, Math.min(last, i)));
  const Art = SLIDES[index]!;
  const n = index + 1;
  return (
    <Page
      className="page-carousel"
      title={t('fux.carousel.label')}
      back={{ onClick: w.back }}
      headerAction={
        <button type="button" className="btn btn-ghost" onClick={() => setExiting(true)} data-testid="carousel-exit">
          {t('fux.carousel.exit')}
        </button>
      }
      next={{ label: t('fux.carousel.goToLogin'), onClick: () => w.next(), disabled: index !== last }}
    >
      <div
        className="carousel"
        role="group"
        aria-roledescription="carousel"
        aria-label={t('fux.carousel.label')}
        onPointerDown={(e) => (start.current = e.clientX)}
        onPointerUp={(e) => {
          if (start.current === null) return;
          const dx = e.clientX - start.current;
          start.current = null;
          if (Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
        }}
      >
        <button type="button" className="carousel-arrow" onClick={() => go(index - 1)} disabled={index === 0} aria-label={t('fux.carousel.previous')}>
          <ChevronLeft />
        </button>
        <div className="slide" aria-live="polite" aria-label={t('fux.carousel.slide', { n, total: SLIDES.length })} role="group" data-testid={`slide-${n}`}>
          <Art />
          <h2>{t(`fux.carousel.slide${n}Title`)}</h2>
          <p>{t(`fux.carousel.slide${n}Body`)}</p>
        </div>
        <button type="button" className="carousel-arrow" onClick={() => go(index + 1)} disabled={index === last} aria-label={t('fux.carousel.next')}>
          <ChevronRight />
        </button>
      </div>
      <div className="dots">
        {SLIDES.map((_, i) => (
          <button
            key={i}
            type="button"
            className={`dot${i === index ? ' dot-on' : ''}`}
            aria-label={t('fux.carousel.slide', { n: i + 1, total: SLIDES.length })}
            aria-current={i === index ? 'step' : undefined}
            onClick={() => go(i)}
          >
            <span aria-hidden="true" />
          </button>
        ))}
      </div>
      {exiting && (
        <Dialog title={t('fux.carousel.exitQuestion')} onDismiss={() => setExiting(false)} testId="exit-dialog">
          <button type="button" className="btn btn-secondary" onClick={() => setExiting(false)} autoFocus>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => dispatch({ type: 'ui/carouselExited' })}>
            {t('fux.carousel.exit')}
          </button>
        </Dialog>
      )}
    </Page>
  );
}
