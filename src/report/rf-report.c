/* rf-report: the text report of a race check. */
#include "rf-report.h"

static void
append_loc (GString *out, RfLoc loc)
{
  if (loc.file && loc.line > 0)
    g_string_append_printf (out, "%s:%u", loc.file, loc.line);
  else
    g_string_append (out, "?");
}

static const char *
job_name (const RfNet *net, gint job)
{
  return job >= 0 ? rf_net_get_job (net, job)->name : "?";
}

/* The place of kind READ or WRITE of V that transition T puts a token on, or -1. */
static gint
access_place (const RfNet *net, const RfTransition *t, guint var)
{
  for (guint i = 0; i < t->n_post; i++)
    {
      const RfPlace *p = rf_net_get_place (net, t->post[i].place);
      if ((p->kind == RF_PLACE_READ || p->kind == RF_PLACE_WRITE) && p->var == (gint) var)
        return p->id;
    }
  return -1;
}

/* "T2 (worker) writes counter at f.sml:14" for each thread in the middle of an access
 * to the raced variable at the end of the interleaving. */
static void
append_race_sites (const RfNet *net, const RfRaceVerdict *rv, GString *out)
{
  const RfInterleaving *il = rv->interleaving;
  GPtrArray *sites = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < il->final->len; k++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
      const RfTransition *last = NULL;
      for (guint i = 0; i < il->steps->len; i++)
        {
          const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
          if (s->thread == st->thread)
            last = rf_net_get_transition (net, s->transition);
        }
      gint acc = last ? access_place (net, last, rv->var) : -1;
      if (acc < 0)
        continue;
      GString *s = g_string_new (NULL);
      g_string_append_printf (s, "T%u (%s) %s %s at ", st->thread, job_name (net, st->job),
                              rf_net_get_place (net, acc)->kind == RF_PLACE_WRITE ? "writes" : "reads", rv->name);
      append_loc (s, last->loc);
      g_ptr_array_add (sites, g_string_free (s, FALSE));
    }
  if (sites->len > 0)
    {
      g_string_append (out, "  race: ");
      for (guint i = 0; i < sites->len; i++)
        g_string_append_printf (out, "%s%s", i ? ", while " : "", (char *) g_ptr_array_index (sites, i));
      g_string_append_c (out, '\n');
    }
  g_ptr_array_unref (sites);
}

static void
append_interleaving (const RfNet *net, const RfRaceVerdict *rv, GString *out)
{
  const RfInterleaving *il = rv->interleaving;
  append_race_sites (net, rv, out);
  g_string_append_printf (out, "  interleaving (%u steps):\n", il->steps->len);
  for (guint i = 0; i < il->steps->len; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      const RfTransition *t = rf_net_get_transition (net, s->transition);
      g_string_append_printf (out, "    %3u. ", i + 1);
      if (s->thread > 0)
        g_string_append_printf (out, "T%u (%s) ", s->thread, job_name (net, s->job));
      append_loc (out, t->loc);
      g_string_append_printf (out, ": %s\n", t->label);
    }
  g_string_append (out, "  final state:\n");
  for (guint k = 0; k < il->final->len; k++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
      const RfPlace *p = rf_net_get_place (net, st->place);
      g_string_append_printf (out, "    T%u (%s) ", st->thread, job_name (net, st->job));
      append_loc (out, p->loc);
      if (p->activity)
        g_string_append_printf (out, ": %s", p->activity);
      g_string_append_c (out, '\n');
    }
}

void
rf_report_text (const RfProgram *prog, const RfNet *net, GPtrArray *verdicts,
                const RfReportOptions *opts, GString *out)
{
  guint n_race = 0, n_free = 0, n_unknown = 0;
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      const RfCoverResult *r = rv->result;
      switch (r->verdict)
        {
        case RF_COVER_SAFE:
          n_free++;
          g_string_append_printf (out, "%s: race-free (proved)\n", rv->name);
          break;
        case RF_COVER_UNSAFE:
          n_race++;
          g_string_append_printf (out, "%s: RACE\n", rv->name);
          append_interleaving (net, rv, out);
          break;
        case RF_COVER_UNKNOWN:
          n_unknown++;
          g_string_append_printf (out, "%s: unknown (search budget exhausted)\n", rv->name);
          break;
        }
      if (opts && opts->stats)
        g_string_append_printf (out, "  stats: #Conf %" G_GUINT64_FORMAT ", #Subsum %" G_GUINT64_FORMAT
                                ", #Iter %" G_GUINT64_FORMAT ", kept %" G_GUINT64_FORMAT
                                ", pruned by invariants %" G_GUINT64_FORMAT
                                ", forward states %" G_GUINT64_FORMAT "\n",
                                r->stats.conf, r->stats.subsumed, r->stats.iterations, r->stats.kept,
                                r->stats.pruned, r->stats.forward_states);
    }
  g_string_append_printf (out, "summary: %u shared variable%s: %u race%s, %u race-free, %u unknown\n",
                          verdicts->len, verdicts->len == 1 ? "" : "s",
                          n_race, n_race == 1 ? "" : "s", n_free, n_unknown);
  (void) prog;
}
