/** The route area: a page the person opened (a tap on a link, the browser's history). */
import type { Area } from '../area';
import { navigate } from '../navigate';
import { userActive } from '../lock/lock';

export const routeArea = {
  intents: {
    'ui/navigated': (d, ctx, event) => {
      userActive(d, ctx);
      return navigate(d, ctx, event.path, { search: event.search ?? '', replace: Boolean(event.fromHistory) });
    },
  },
} satisfies Area;
