/* rf-dot-seq: a race witness as a sequence diagram in DOT, one lane per thread.
 *
 * The picture is a grid laid out by dot from top to bottom: row 0 holds one header
 * per thread, row i (1..n) the witness's step i, row n + 1 where each thread stands
 * at the end. Every row is a rank=same subgraph holding one node per lane, so rows
 * never mix: the thread that takes the step gets a box, the other lanes a point that
 * the lane's line passes through (invisible before the thread is created). Lanes
 * stay in thread order because each row's nodes are chained left to right by
 * invisible edges, and straight because the lane edges weigh much more. Thread
 * numbers are those of the interleaving (T1, T2, ... in order of first appearance),
 * so a created thread always sits to the right of its creator. */
#include "rf-dot-private.h"

#include "rf-report-private.h"

static void
declare_defaults (Agraph_t *g)
{
  agattr (g, AGRAPH, "rankdir", "TB");
  agattr (g, AGRAPH, "fontname", "Helvetica");
  agattr (g, AGRAPH, "fontsize", "11");
  agattr (g, AGRAPH, "nodesep", "0.25");
  agattr (g, AGRAPH, "ranksep", "0.2");
  agattr (g, AGRAPH, "label", "");
  agattr (g, AGRAPH, "labelloc", "");
  agattr (g, AGRAPH, "rank", "");

  agattr (g, AGNODE, "fontname", "Helvetica");
  agattr (g, AGNODE, "fontsize", "10");
  agattr (g, AGNODE, "shape", "box");
  agattr (g, AGNODE, "label", "\\N");
  agattr (g, AGNODE, "style", "");
  agattr (g, AGNODE, "fillcolor", "");
  agattr (g, AGNODE, "color", "");
  agattr (g, AGNODE, "width", "");
  agattr (g, AGNODE, "height", "");

  agattr (g, AGEDGE, "arrowsize", "0.7");
  agattr (g, AGEDGE, "style", "");
  agattr (g, AGEDGE, "color", "");
  agattr (g, AGEDGE, "arrowhead", "");
  agattr (g, AGEDGE, "weight", "");
  agattr (g, AGEDGE, "constraint", "");
}

/* Step at which each thread is created, by thread id - 1 (0: it existed initially).
 * Replays the interleaving's numbering: a thread gets the next number when it first
 * moves (an initial thread) or when a step creates it. */
static guint *
creation_steps (const RfNet *net, const RfInterleaving *il, guint n_threads)
{
  guint *created = g_new0 (guint, MAX (n_threads, 1));
  guint numbered = 0;
  for (guint i = 0; i < il->steps->len; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      if (s->thread > numbered)
        numbered = s->thread;
      if (rf_net_get_transition (net, s->transition)->spawn >= 0)
        {
          numbered++;
          if (numbered <= n_threads)
            created[numbered - 1] = i + 1;
        }
    }
  return created;
}

/* A lane line segment from A to B: no arrowhead, heavy so that lanes stay straight. */
static void
lane_edge (Agraph_t *g, Agnode_t *a, Agnode_t *b, gboolean visible)
{
  Agedge_t *e = agedge (g, a, b, NULL, 1);
  rf_dot_set (e, "arrowhead", "none");
  rf_dot_set (e, "weight", "100");
  if (visible)
    rf_dot_set (e, "color", "gray60");
  else
    rf_dot_set (e, "style", "invis");
}

/* The sequence diagram of interleaving IL titled TITLE_TEXT, the steps RACING_STEP[1 .. n]
 * and the threads RACING_THREAD[1 .. n] marked TRUE highlighted (each array one longer
 * than IL's steps, threads). */
static char *
sequence_to_string (const RfNet *net, const RfInterleaving *il, const char *title_text, const gboolean *racing_step,
                    const gboolean *racing_thread, const char *graph_name)
{
  guint n_steps = il->steps->len, n_threads = il->final->len, n_rows = n_steps + 2;
  g_autofree guint *created = creation_steps (net, il, n_threads);
  /* lanes[r * n_threads + k]: the node of thread k + 1 in row r. */
  g_autofree Agnode_t **lanes = g_new0 (Agnode_t *, MAX (n_rows * n_threads, 1));

  Agraph_t *g = rf_dot_graph_open (graph_name);
  declare_defaults (g);
  g_autoptr (GString) title = g_string_new (NULL);
  rf_dot_label_append_text (title, title_text);
  rf_dot_set (g, "label", title->str);
  rf_dot_set (g, "labelloc", "t");

  for (guint r = 0; r < n_rows; r++)
    {
      g_autofree char *row_name = g_strdup_printf ("row_%u", r);
      Agraph_t *row = agsubg (g, row_name, 1);
      rf_dot_set (row, "rank", "same");
      const RfThreadStep *step = r >= 1 && r <= n_steps ? &g_array_index (il->steps, RfThreadStep, r - 1) : NULL;
      Agnode_t *prev = NULL;
      for (guint k = 0; k < n_threads; k++)
        {
          const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
          g_autoptr (GString) label = g_string_new (NULL);
          g_autofree char *name = NULL;
          Agnode_t *n;
          if (r == 0)
            {
              /* Header: "T2 (inc)". */
              name = g_strdup_printf ("h%u", st->thread);
              n = agnode (row, name, 1);
              g_string_append_printf (label, "T%u (", st->thread);
              rf_dot_label_append_text (label, rf_report_job_name (net, st->job));
              g_string_append_c (label, ')');
              rf_dot_set (n, "label", label->str);
              rf_dot_set (n, "style", "filled,bold");
              rf_dot_set (n, "fillcolor", "lightsteelblue1");
            }
          else if (r == n_rows - 1)
            {
              /* Where the thread stands at the end, and what it is doing. */
              const RfPlace *p = rf_net_get_place (net, st->place);
              name = g_strdup_printf ("f%u", st->thread);
              n = agnode (row, name, 1);
              g_string_append (label, "end: ");
              rf_dot_label_append_loc (label, p->loc);
              if (p->activity)
                {
                  g_string_append (label, "\\n");
                  rf_dot_label_append_text (label, p->activity);
                }
              rf_dot_set (n, "label", label->str);
              rf_dot_set (n, "style", "rounded,filled");
              rf_dot_set (n, "fillcolor", racing_thread[st->thread] ? "salmon" : "white");
              if (racing_thread[st->thread])
                rf_dot_set (n, "penwidth", "2");
            }
          else if (step->thread == st->thread)
            {
              /* The step: "3: read counter (begin)" over "counter.sml:12". */
              const RfTransition *t = rf_net_get_transition (net, step->transition);
              name = g_strdup_printf ("s%u", r);
              n = agnode (row, name, 1);
              g_string_append_printf (label, "%u: ", r);
              rf_dot_label_append_text (label, t->label ? t->label : "?");
              g_string_append (label, "\\n");
              rf_dot_label_append_loc (label, t->loc);
              rf_dot_set (n, "label", label->str);
              rf_dot_set (n, "style", "filled");
              rf_dot_set (n, "fillcolor", racing_step[r] ? "salmon" : "gray95");
              if (racing_step[r])
                rf_dot_set (n, "penwidth", "2");
            }
          else
            {
              /* A point on the lane: visible from the thread's creation on. */
              name = g_strdup_printf ("g%u_%u", r, st->thread);
              n = agnode (row, name, 1);
              rf_dot_set (n, "shape", "point");
              rf_dot_set (n, "label", "");
              if (r == created[k] && r > 0)
                rf_dot_set (n, "width", "0.08");
              else
                {
                  rf_dot_set (n, "width", "0.01");
                  if (r < created[k])
                    rf_dot_set (n, "style", "invis");
                }
            }
          lanes[r * n_threads + k] = n;
          if (prev)
            {
              Agedge_t *e = agedge (row, prev, n, NULL, 1);
              rf_dot_set (e, "style", "invis");
            }
          prev = n;
        }
    }

  for (guint k = 0; k < n_threads; k++)
    for (guint r = 0; r + 1 < n_rows; r++)
      lane_edge (g, lanes[r * n_threads + k], lanes[(r + 1) * n_threads + k], r >= created[k]);

  /* Creation arrows: from the create step to the new thread's lane. */
  for (guint k = 0; k < n_threads; k++)
    if (created[k] > 0)
      {
        const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, created[k] - 1);
        if (s->thread == 0 || s->thread > n_threads)
          continue;
        Agedge_t *e = agedge (g, lanes[created[k] * n_threads + s->thread - 1],
                              lanes[created[k] * n_threads + k], NULL, 1);
        rf_dot_set (e, "style", "dashed");
        rf_dot_set (e, "constraint", "false");
      }
  return rf_dot_graph_close (g);
}

char *
rf_dot_witness_sequence_to_string (const RfNet *net, const RfRaceVerdict *rv, const char *graph_name)
{
  g_return_val_if_fail (net != NULL && rv != NULL, NULL);
  g_return_val_if_fail (rv->result->verdict == RF_COVER_UNSAFE && rv->sites, NULL);
  const RfInterleaving *il = rv->interleaving;
  guint n_steps = il->steps->len, n_threads = il->final->len;
  g_autofree gboolean *racing_step = g_new0 (gboolean, n_steps + 1);
  g_autofree gboolean *racing_thread = g_new0 (gboolean, n_threads + 1);
  for (guint k = 0; k < rv->sites->len; k++)
    {
      const RfRaceSite *site = &g_array_index (rv->sites, RfRaceSite, k);
      if (site->step <= n_steps)
        racing_step[site->step] = TRUE;
      if (site->thread <= n_threads)
        racing_thread[site->thread] = TRUE;
    }
  g_autofree char *race = rf_dot_race_title (net, rv);
  return sequence_to_string (net, il, race, racing_step, racing_thread, graph_name);
}

char *
rf_dot_deadlock_sequence_to_string (const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv,
                                    const char *graph_name)
{
  g_return_val_if_fail (net != NULL && dv != NULL && dv->status == RF_DEADLOCK_FOUND, NULL);
  const RfInterleaving *il = dv->interleaving;
  guint n_steps = il->steps->len, n_threads = il->final->len;
  g_autofree gboolean *held_step = g_new0 (gboolean, n_steps + 1);
  g_autofree gboolean *stuck = g_new0 (gboolean, n_threads + 1);
  g_autoptr (GString) title = g_string_new (NULL);
  g_string_append_printf (title, "%s %s: %s", rf_deadlock_kind_info (dv->kind)->question, dv->name,
                          rf_deadlock_status_to_string (dv));
  for (guint k = 0; k < dv->threads->len; k++)
    {
      const RfDeadlockThread *th = &g_array_index (dv->threads, RfDeadlockThread, k);
      if (th->held_step <= n_steps)
        held_step[th->held_step] = TRUE;
      if (th->thread <= n_threads)
        stuck[th->thread] = TRUE;
      g_string_append (title, k ? ";\n" : "\n");
      rf_report_append_deadlock_thread (prog, net, dv, th, title);
    }
  return sequence_to_string (net, il, title->str, held_step, stuck, graph_name);
}
