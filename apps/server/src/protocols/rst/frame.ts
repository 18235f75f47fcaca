import { delimited } from '../kit/framing.ts';

/**
 * A message runs from `RST;` to its closing `FIM;` field. Traccar reads one message per datagram;
 * framing by the markers also skips junk around it and splits a datagram that carries several.
 */
export const rstFraming = delimited([';FIM;'], { start: 'RST;' });
