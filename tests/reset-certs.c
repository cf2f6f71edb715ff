/* reset-certs: writes fresh certificates of small nets with reset arcs, for cert-corrupt.py.
 *
 * No front end builds a net with resets yet, so the certificate tests get theirs here:
 * each net below is searched by the engine with certificates on (with the state
 * equation, and without it, where the proof is a basis closed under predecessors), and
 * every proof is written to DIR/NAME-MODE.cert (rf_report_cert_search). Each net is safe
 * only thanks to its resets, so dropping one breaks the proof wherever the basis relies
 * on it. Usage: reset-certs DIR; exit status 0, or 1 when a search is not safe or a file
 * cannot be written. */
#include <stdio.h>
#include <glib.h>

#include "rf-cover.h"
#include "rf-report-cert.h"

#define TOK(p, c) ((RfToken){ (p), (c) })
#define TOKS(...) (const RfToken[]){ __VA_ARGS__ }, \
                  (guint) (sizeof ((const RfToken[]){ __VA_ARGS__ }) / sizeof (RfToken))
#define NO_TOKS NULL, 0
#define PLACES(...) (const guint[]){ __VA_ARGS__ }, \
                    (guint) (sizeof ((const guint[]){ __VA_ARGS__ }) / sizeof (guint))

static guint
place (RfNet *net, const char *name)
{
  return rf_net_add_place (net, name, RF_PLACE_PLAIN, -1, -1, RF_LOC_NONE);
}

static guint
trans (RfNet *net, const char *label, const RfToken *pre, guint n_pre, const RfToken *post, guint n_post)
{
  return rf_net_add_transition (net, label, -1, RF_LOC_NONE, pre, n_pre, post, n_post, -1, -1, -1);
}

/* A create loop joined all at once, and a lock: main (m) creates workers (w), which take
 * the lock (l) to write (wa) and leave (wx); the join empties every worker place, and
 * main then writes (ma). Targets: main and a worker writing at once (only the join
 * keeps it out), two workers writing (the lock does). Claims: main's places hold one
 * token (kept), and the lock's invariant (refused: the join empties places it weighs). */
static RfNet *
join_lock_net (GPtrArray *targets)
{
  RfNet *net = rf_net_new ();
  guint m = place (net, "m"), mj = place (net, "m_joined"), ma = place (net, "m_write");
  guint w = place (net, "w"), wl = place (net, "w_locked"), wa = place (net, "w_write");
  guint wx = place (net, "w_exit"), l = place (net, "lock");
  trans (net, "create", TOKS (TOK (m, 1)), TOKS (TOK (m, 1), TOK (w, 1)));
  trans (net, "lock", TOKS (TOK (w, 1), TOK (l, 1)), TOKS (TOK (wl, 1)));
  trans (net, "write", TOKS (TOK (wl, 1)), TOKS (TOK (wa, 1)));
  trans (net, "unlock", TOKS (TOK (wa, 1)), TOKS (TOK (wx, 1), TOK (l, 1)));
  guint join = trans (net, "join all", TOKS (TOK (m, 1)), TOKS (TOK (mj, 1)));
  rf_net_set_transition_resets (net, join, PLACES (w, wl, wa, wx));
  trans (net, "main write", TOKS (TOK (mj, 1)), TOKS (TOK (ma, 1)));
  rf_net_set_initial (net, m, 1);
  rf_net_set_initial (net, l, 1);
  rf_net_add_invariant (net, TOKS (TOK (m, 1), TOK (mj, 1), TOK (ma, 1)));
  rf_net_add_invariant (net, TOKS (TOK (l, 1), TOK (wl, 1), TOK (wa, 1)));
  g_ptr_array_add (targets, rf_marking_new (TOKS (TOK (ma, 1), TOK (wa, 1))));
  g_ptr_array_add (targets, rf_marking_new (TOKS (TOK (wa, 2))));
  return net;
}

/* Workers run and finish; main joins them all (emptying run and done) and may then
 * restart one worker for a finished one (emptying run before putting one back): two
 * running workers after the join never happen, nor a late worker meeting the join. */
static RfNet *
restart_net (GPtrArray *targets)
{
  RfNet *net = rf_net_new ();
  guint run = place (net, "run"), done = place (net, "done"), main_ = place (net, "main");
  guint joined = place (net, "joined"), bad = place (net, "bad");
  trans (net, "finish", TOKS (TOK (run, 1)), TOKS (TOK (done, 1)));
  guint join = trans (net, "join all", TOKS (TOK (main_, 1)), TOKS (TOK (joined, 1)));
  rf_net_set_transition_resets (net, join, PLACES (run, done));
  trans (net, "late", TOKS (TOK (run, 1), TOK (joined, 1)), TOKS (TOK (joined, 1), TOK (bad, 1)));
  guint restart = trans (net, "restart", TOKS (TOK (done, 1), TOK (joined, 1)),
                         TOKS (TOK (run, 1), TOK (joined, 1)));
  rf_net_set_transition_resets (net, restart, PLACES (run));
  rf_net_set_initial_omega (net, run);
  rf_net_set_initial (net, main_, 1);
  g_ptr_array_add (targets, rf_marking_new (TOKS (TOK (run, 2), TOK (joined, 1))));
  return net;
}

/* A flag set to exactly one token (set empties it, then puts one) and used: it never
 * holds two, and nothing else marks it. */
static RfNet *
flag_net (GPtrArray *targets)
{
  RfNet *net = rf_net_new ();
  guint a = place (net, "a"), c = place (net, "flag"), d = place (net, "d");
  guint set = trans (net, "set", TOKS (TOK (a, 1)), TOKS (TOK (a, 1), TOK (c, 1)));
  rf_net_set_transition_resets (net, set, PLACES (c));
  trans (net, "use", TOKS (TOK (c, 1)), TOKS (TOK (d, 1)));
  rf_net_set_initial_omega (net, a);
  g_ptr_array_add (targets, rf_marking_new (TOKS (TOK (c, 2))));
  return net;
}

int
main (int argc, char **argv)
{
  if (argc != 2)
    {
      fprintf (stderr, "usage: reset-certs DIR\n");
      return 2;
    }
  RfNet *(*nets[]) (GPtrArray *) = { join_lock_net, restart_net, flag_net };
  const char *names[] = { "join_lock", "restart", "flag" };
  int status = 0;
  for (guint i = 0; i < G_N_ELEMENTS (nets); i++)
    for (guint plain = 0; plain < 2; plain++)
      {
        g_autoptr (GPtrArray) targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
        g_autoptr (RfNet) net = nets[i] (targets);
        RfCoverBudget budget = { .certify = TRUE, .backward_only = plain, .no_state_equation = plain };
        g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &budget);
        g_autofree char *file = g_strdup_printf ("%s/%s-%s.cert", argv[1], names[i], plain ? "plain" : "steq");
        g_autoptr (GString) text = g_string_new (NULL);
        g_autoptr (GError) error = NULL;
        rf_report_cert_search (net, names[i], r, text);
        if (r->verdict != RF_COVER_SAFE)
          {
            fprintf (stderr, "reset-certs: %s: %s, expected safe\n", file, rf_cover_verdict_to_string (r->verdict));
            status = 1;
          }
        else if (!g_file_set_contents (file, text->str, text->len, &error))
          {
            fprintf (stderr, "reset-certs: %s\n", error->message);
            status = 1;
          }
      }
  return status;
}
