// The FullCalendar side of the render bench: the vanilla month grid (@fullcalendar/core + daygrid, Preact
// inside), bundled by month-render.bench.ts with esbuild and loaded into a blank page of the same browser.
import { Calendar, type EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';

declare global {
  interface Window {
    /** Mounts a month grid on #calendar at `date` with `events`; returns the calendar for next()/prev(). */
    mountFullCalendar: (events: EventInput[], date: string) => Calendar;
  }
}

window.mountFullCalendar = (events, date) => {
  const el = document.getElementById('calendar');
  if (!el) throw new Error('no #calendar');
  const calendar = new Calendar(el, {
    plugins: [dayGridPlugin],
    initialView: 'dayGridMonth',
    initialDate: date,
    // Like our month view: a few events a day, then "+N more".
    dayMaxEvents: true,
    height: 'auto',
    events,
  });
  calendar.render();
  return calendar;
};
