/* test-random: seeded property test of the backward engine against the forward oracle.
 *
 * Each case builds a small random net and one or two target markings from its own
 * random stream (seeded by RF_SEED, the case number and the mode), so one failing case
 * can be rerun alone with RF_FIRST=<case> RF_CASES=1. The finite mode compares the
 * engine's verdict with the oracle's wherever the oracle decides (its token bound was
 * never hit); the omega mode puts any number of tokens on some places and compares with
 * the oracle run for 0..OMEGA_K_MAX tokens there, and from the witness's own initial
 * marking. Every UNSAFE witness is replayed by rf_witness_replay and again by hand.
 * With certificates on, every SAFE verdict's proof is written as a certificate and must
 * pass the independent checker (rf-certify.h).
 *
 * Environment: RF_SEED (default 20240611), RF_CASES (1500), RF_OMEGA_CASES (500),
 * RF_FIRST (0), RF_VERBOSE (print every case). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "rf-certify.h"
#include "rf-cover.h"
#include "rf-report-cert.h"
#include "oracle.h"

#define DEFAULT_SEED 20240611u
#define DEFAULT_CASES 1500
#define DEFAULT_OMEGA_CASES 500
#define ORACLE_BOUND 10          /* tokens per place the oracle explores */
#define ORACLE_MAX_STATES 200000
#define OMEGA_K_MAX 6            /* omega places get 0..OMEGA_K_MAX tokens in the oracle */
#define MIN_DECIDED 1000

typedef enum { MODE_FINITE = 1, MODE_OMEGA = 2 } Mode;

/* Config: the run's parameters, from the environment. */
typedef struct {
  guint32 seed;
  guint first;
  guint cases;
  guint omega_cases;
  gboolean verbose;
  gboolean backward_only;  /* engine without its forward search (set per test) */
  gboolean no_state_equation;  /* engine without state-equation pruning (set per test) */
  gboolean certify;        /* engine with certificates, each checked (set per test) */
} Config;

/* Counts: outcome tallies of one mode. decided = safe + unsafe (oracle answered). */
typedef struct {
  guint cases;
  guint decided;
  guint unsafe;
  guint safe;
  guint inconclusive;
  guint disagreements;
  guint witness_longer;    /* engine witness longer than the oracle's shortest (allowed) */
  guint witness_beyond_k;  /* omega: witness needs more than OMEGA_K_MAX tokens (allowed) */
  guint64 steps_total;     /* sum of engine witness lengths */
  guint steps_max;         /* longest engine witness */
  guint64 steq_pruned;     /* markings the state equation pruned, over all runs */
  guint certified;         /* SAFE verdicts whose certificate the checker accepted */
} Counts;

static Config config;

static guint
env_uint (const char *name, guint dflt)
{
  const char *s = g_getenv (name);
  if (s == NULL || *s == '\0')
    return dflt;
  return (guint) g_ascii_strtoull (s, NULL, 0);
}

static int
setup_config (void **state)
{
  config.seed = env_uint ("RF_SEED", DEFAULT_SEED);
  config.first = env_uint ("RF_FIRST", 0);
  config.cases = env_uint ("RF_CASES", DEFAULT_CASES);
  config.omega_cases = env_uint ("RF_OMEGA_CASES", g_getenv ("RF_CASES") ? config.cases / 3
                                                                        : DEFAULT_OMEGA_CASES);
  config.verbose = g_getenv ("RF_VERBOSE") != NULL;
  return 0;
}

/* ---- random instances ---- */

/* Instance: one random net and its targets (RfMarking*, owned). */
typedef struct {
  RfNet *net;
  GPtrArray *targets;
} Instance;

static void
instance_clear (Instance *in)
{
  g_clear_pointer (&in->net, rf_net_free);
  g_clear_pointer (&in->targets, g_ptr_array_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Instance, instance_clear)

static guint32
weight (GRand *r)
{
  return g_rand_int_range (r, 0, 4) == 0 ? 2 : 1;
}

static guint
token_sum (const RfToken *t, guint n)
{
  guint s = 0;
  for (guint i = 0; i < n; i++)
    s += t[i].count;
  return s;
}

/* A transition: occasionally a generator (empty pre); otherwise 1-2 input and 0-2
 * output arcs of weight 1-2, usually not producing more tokens than it consumes so
 * that most nets stay bounded. */
static void
random_transition (GRand *r, RfNet *net, guint n_places, guint id)
{
  RfToken pre[2], post[2];
  guint n_pre, n_post;

  if (g_rand_int_range (r, 0, 100) < 5)
    n_pre = 0;
  else
    n_pre = g_rand_int_range (r, 1, 3);
  for (guint i = 0; i < n_pre; i++)
    pre[i] = (RfToken){ g_rand_int_range (r, 0, n_places), weight (r) };
  n_post = g_rand_int_range (r, n_pre == 0 ? 1 : 0, 3);
  for (guint i = 0; i < n_post; i++)
    post[i] = (RfToken){ g_rand_int_range (r, 0, n_places), weight (r) };
  if (n_pre > 0 && g_rand_int_range (r, 0, 100) < 85)
    while (token_sum (post, n_post) > token_sum (pre, n_pre))
      {
        if (post[n_post - 1].count > 1)
          post[n_post - 1].count--;
        else
          n_post--;
      }
  if (n_pre == 0 && n_post == 0)
    {
      n_post = 1;
      post[0] = (RfToken){ g_rand_int_range (r, 0, n_places), 1 };
    }
  g_autofree char *label = g_strdup_printf ("t%u", id);
  rf_net_add_transition (net, label, -1, RF_LOC_NONE, pre, n_pre, post, n_post, -1, -1, -1);
}

static RfMarking *
random_target (GRand *r, guint n_places)
{
  RfToken t[2];
  guint n = g_rand_int_range (r, 1, 3);
  for (guint i = 0; i < n; i++)
    {
      guint c = g_rand_int_range (r, 0, 10);
      t[i] = (RfToken){ g_rand_int_range (r, 0, n_places), c < 6 ? 1 : c < 9 ? 2 : 3 };
    }
  return rf_marking_new (t, n);
}

/* TARGET <= the net's initial marking, omega places counting as unbounded. */
static gboolean
initially_covered (const RfNet *net, const RfMarking *target)
{
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);

  for (guint i = 0; i < target->n; i++)
    {
      guint32 p = target->e[i].place;
      if (!(omega && omega[p]) && init[p] < target->e[i].count)
        return FALSE;
    }
  return TRUE;
}

static void
random_instance (Instance *in, Mode mode, guint case_no)
{
  guint32 seeds[3] = { config.seed, case_no, mode };
  GRand *r = g_rand_new_with_seed_array (seeds, 3);
  guint n_places = g_rand_int_range (r, 2, 8);
  guint n_trans = g_rand_int_range (r, 1, 9);

  in->net = rf_net_new ();
  for (guint p = 0; p < n_places; p++)
    {
      g_autofree char *name = g_strdup_printf ("p%u", p);
      rf_net_add_place (in->net, name, RF_PLACE_PLAIN, -1, -1, RF_LOC_NONE);
    }
  for (guint t = 0; t < n_trans; t++)
    random_transition (r, in->net, n_places, t);
  for (guint p = 0; p < n_places; p++)
    {
      guint c = g_rand_int_range (r, 0, 10);
      if (c >= 4)
        rf_net_set_initial (in->net, p, c < 7 ? 1 : c < 9 ? 2 : 3);
    }
  if (mode == MODE_OMEGA)
    {
      guint n_omega = g_rand_int_range (r, 1, 3);
      for (guint i = 0; i < n_omega; i++)
        rf_net_set_initial_omega (in->net, g_rand_int_range (r, 0, n_places));
    }
  /* targets the initial marking covers make 0-step cases: keep only one in ten */
  in->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  guint n_targets = g_rand_int_range (r, 1, 3);
  gboolean allow_initial = g_rand_int_range (r, 0, 10) == 0;
  for (guint i = 0; i < n_targets; i++)
    {
      RfMarking *m = random_target (r, n_places);
      for (int tries = 0; tries < 20 && !allow_initial && initially_covered (in->net, m); tries++)
        {
          rf_marking_unref (m);
          m = random_target (r, n_places);
        }
      g_ptr_array_add (in->targets, m);
    }
  g_rand_free (r);
}

/* ---- printing, for reproduction ---- */

static void
append_tokens (GString *s, const RfToken *t, guint n)
{
  if (n == 0)
    g_string_append (s, "0");
  for (guint i = 0; i < n; i++)
    {
      if (i)
        g_string_append (s, " + ");
      if (t[i].count != 1)
        g_string_append_printf (s, "%u*", t[i].count);
      g_string_append_printf (s, "p%u", t[i].place);
    }
}

static void
append_steps (GString *s, const GArray *steps)
{
  g_string_append_printf (s, "%u steps:", steps->len);
  for (guint i = 0; i < steps->len; i++)
    g_string_append_printf (s, " t%u", g_array_index (steps, guint, i));
}

static void
print_instance (const Instance *in, Mode mode, guint case_no, const char *what)
{
  const RfNet *net = in->net;
  guint n = rf_net_n_places (net);
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  g_autoptr (GString) s = g_string_new (NULL);

  g_string_append_printf (s, "=== %s: %s case %u (seed %u)\n", what,
                          mode == MODE_FINITE ? "finite" : "omega", case_no, config.seed);
  g_string_append (s, "initial:");
  for (guint p = 0; p < n; p++)
    {
      if (omega && omega[p])
        g_string_append_printf (s, " p%u=omega", p);
      else
        g_string_append_printf (s, " p%u=%u", p, init[p]);
    }
  g_string_append (s, "\n");
  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    {
      const RfTransition *tr = rf_net_get_transition (net, t);
      g_string_append_printf (s, "t%u: ", t);
      append_tokens (s, tr->pre, tr->n_pre);
      g_string_append (s, " -> ");
      append_tokens (s, tr->post, tr->n_post);
      g_string_append (s, "\n");
    }
  for (guint i = 0; i < in->targets->len; i++)
    {
      const RfMarking *m = g_ptr_array_index (in->targets, i);
      g_string_append_printf (s, "target %u: ", i);
      append_tokens (s, m->e, m->n);
      g_string_append (s, "\n");
    }
  g_string_append_printf (s, "reproduce: RF_SEED=%u RF_FIRST=%u RF_CASES=1 RF_OMEGA_CASES=1 "
                          "tests/test-random\n", config.seed, case_no);
  fputs (s->str, stderr);
}

static void
print_witness (const RfWitness *w)
{
  g_autoptr (GString) s = g_string_new ("engine witness: initial ");
  append_tokens (s, w->initial->e, w->initial->n);
  g_string_append (s, ", ");
  append_steps (s, w->steps);
  g_string_append (s, ", final ");
  append_tokens (s, w->final->e, w->final->n);
  g_string_append_printf (s, ", target %u\n", w->target);
  fputs (s->str, stderr);
}

static void
print_oracle (const OracleResult *o, const char *about)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_string_append_printf (s, "oracle%s: %s (%" G_GUINT64_FORMAT " states%s)", about,
                          oracle_verdict_to_string (o->verdict), o->n_states,
                          o->cut ? ", cut" : "");
  if (o->steps)
    {
      g_string_append_printf (s, ", target %u, ", o->target);
      append_steps (s, o->steps);
    }
  g_string_append (s, "\n");
  fputs (s->str, stderr);
}

/* ---- checks ---- */

/* Replays W through the engine and by hand. Returns the dense initial marking of the
 * witness (owned) on success, NULL after printing why on failure. */
static guint32 *
check_witness (const Instance *in, const RfWitness *w)
{
  const RfNet *net = in->net;
  guint n = rf_net_n_places (net);
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  g_autoptr (GError) error = NULL;

  if (w == NULL || w->initial == NULL || w->final == NULL || w->steps == NULL
      || w->target >= in->targets->len)
    {
      fprintf (stderr, "malformed witness\n");
      return NULL;
    }
  const RfMarking *target = g_ptr_array_index (in->targets, w->target);
  if (!rf_witness_replay (net, w, target, &error))
    {
      fprintf (stderr, "rf_witness_replay failed: %s\n", error ? error->message : "(no error)");
      return NULL;
    }

  g_autofree guint32 *start = g_new0 (guint32, n);
  for (guint i = 0; i < w->initial->n; i++)
    {
      if (w->initial->e[i].place >= n)
        {
          fprintf (stderr, "witness initial names place %u of %u\n", w->initial->e[i].place, n);
          return NULL;
        }
      start[w->initial->e[i].place] = w->initial->e[i].count;
    }
  for (guint p = 0; p < n; p++)
    if (!(omega && omega[p]) && start[p] != init[p])
      {
        fprintf (stderr, "witness initial has %u on p%u, the net %u\n", start[p], p, init[p]);
        return NULL;
      }
  g_autofree guint32 *cur = g_memdup2 (start, n * sizeof *cur);
  for (guint i = 0; i < w->steps->len; i++)
    {
      guint t = g_array_index (w->steps, guint, i);
      if (t >= rf_net_n_transitions (net) || !oracle_fire (net, t, cur))
        {
          fprintf (stderr, "hand replay: step %u (t%u) not enabled\n", i, t);
          return NULL;
        }
    }
  if (!oracle_covers (cur, target))
    {
      fprintf (stderr, "hand replay: final marking does not cover target %u\n", w->target);
      return NULL;
    }
  for (guint p = 0; p < n; p++)
    if (rf_marking_get (w->final, p) != cur[p])
      {
        fprintf (stderr, "hand replay: final has %u on p%u, witness says %u\n", cur[p], p,
                 rf_marking_get (w->final, p));
        return NULL;
      }
  return g_steal_pointer (&start);
}

static RfCoverResult *
run_engine (const Instance *in)
{
  RfCoverBudget budget = { .max_markings = 0, .timeout_s = 10, .backward_only = config.backward_only,
                           .no_state_equation = config.no_state_equation, .certify = config.certify };
  return rf_cover_run (in->net, in->targets, &budget);
}

/* With config.certify, the certificate of R, a SAFE result on IN, checked by the
 * certificate checker: NULL when it holds (counted in C), else why (the checker's
 * messages on stderr). */
static const char *
certificate_problem (const Instance *in, const RfCoverResult *r, Counts *c)
{
  if (!config.certify)
    return NULL;
  if (!r->proof)
    return "SAFE without a proof";
  g_autoptr (GString) text = g_string_new (NULL), msgs = g_string_new (NULL);
  rf_report_cert_search (in->net, "random", r, text);
  g_autoptr (RfOut) out = rf_out_new_string (msgs);
  if (rf_certify_check ("random.cert", text->str, text->len, out, out) != RF_CERTIFY_VALID)
    {
      fprintf (stderr, "%s%s", text->str, msgs->str);
      return "certificate rejected";
    }
  c->certified++;
  return NULL;
}

/* One finite case: engine vs oracle. Returns FALSE on a disagreement. */
static gboolean
finite_case (guint case_no, Counts *c)
{
  g_auto (Instance) in = { 0 };
  random_instance (&in, MODE_FINITE, case_no);
  g_autoptr (RfCoverResult) r = run_engine (&in);
  if (r)
    c->steq_pruned += r->stats.steq_pruned;
  g_autoptr (OracleResult) o = oracle_run (in.net, NULL, in.targets, ORACLE_BOUND,
                                           ORACLE_MAX_STATES);
  const char *bad = NULL;

  c->cases++;
  if (r == NULL || r->verdict == RF_COVER_UNKNOWN)
    bad = "engine gave no verdict";
  else if (r->verdict == RF_COVER_UNSAFE)
    {
      g_autofree guint32 *start = check_witness (&in, r->witness);
      if (start == NULL)
        bad = "bad witness";
      else if (o->verdict == ORACLE_NOT_COVERED)
        bad = "engine UNSAFE, oracle not covered";
      else if (o->verdict == ORACLE_COVERED && !o->cut && r->witness->steps->len < o->steps->len)
        bad = "engine witness shorter than the oracle's shortest";
      else
        {
          c->steps_total += r->witness->steps->len;
          c->steps_max = MAX (c->steps_max, r->witness->steps->len);
          if (o->verdict == ORACLE_COVERED && r->witness->steps->len > o->steps->len)
            c->witness_longer++;
        }
    }
  else if (r->verdict == RF_COVER_SAFE)
    {
      if (r->witness != NULL)
        bad = "SAFE with a witness";
      else if (o->verdict == ORACLE_COVERED)
        bad = "engine SAFE, oracle covered";
      else
        bad = certificate_problem (&in, r, c);
    }

  if (bad == NULL)
    {
      if (o->verdict == ORACLE_INCONCLUSIVE)
        c->inconclusive++;
      else
        {
          c->decided++;
          if (o->verdict == ORACLE_COVERED)
            c->unsafe++;
          else
            c->safe++;
        }
    }
  if (bad || config.verbose)
    {
      print_instance (&in, MODE_FINITE, case_no, bad ? bad : "ok");
      if (r)
        fprintf (stderr, "engine: %s\n", rf_cover_verdict_to_string (r->verdict));
      if (r && r->witness)
        print_witness (r->witness);
      print_oracle (o, "");
    }
  if (bad)
    c->disagreements++;
  return bad == NULL;
}

/* One omega case: the oracle with K = 0..OMEGA_K_MAX tokens on every omega place (stops
 * at the first K that covers: more tokens never hurt), and from the witness's initial
 * marking. Returns FALSE on a disagreement. */
static gboolean
omega_case (guint case_no, Counts *c)
{
  g_auto (Instance) in = { 0 };
  random_instance (&in, MODE_OMEGA, case_no);
  g_autoptr (RfCoverResult) r = run_engine (&in);
  if (r)
    c->steq_pruned += r->stats.steq_pruned;
  guint n = rf_net_n_places (in.net);
  const gboolean *omega = rf_net_peek_omega (in.net);
  g_autofree guint32 *start = g_memdup2 (rf_net_peek_initial (in.net), n * sizeof *start);
  OracleVerdict per_k[OMEGA_K_MAX + 1];
  gint first_k = -1;
  gboolean all_complete = TRUE;
  g_autoptr (OracleResult) at_first_k = NULL;
  g_autoptr (OracleResult) at_witness = NULL;
  const char *bad = NULL;

  for (guint k = 0; k <= OMEGA_K_MAX; k++)
    {
      for (guint p = 0; p < n; p++)
        if (omega[p])
          start[p] = k;
      OracleResult *o = oracle_run (in.net, start, in.targets, ORACLE_BOUND, ORACLE_MAX_STATES);
      per_k[k] = o->verdict;
      if (o->verdict == ORACLE_COVERED)
        {
          first_k = k;
          at_first_k = o;
          for (guint k2 = k + 1; k2 <= OMEGA_K_MAX; k2++)
            per_k[k2] = ORACLE_COVERED;
          break;
        }
      if (o->verdict == ORACLE_INCONCLUSIVE)
        all_complete = FALSE;
      oracle_result_free (o);
    }

  c->cases++;
  if (r == NULL || r->verdict == RF_COVER_UNKNOWN)
    bad = "engine gave no verdict";
  else if (r->verdict == RF_COVER_SAFE)
    {
      if (r->witness != NULL)
        bad = "SAFE with a witness";
      else if (first_k >= 0)
        bad = "engine SAFE, oracle covered with finitely many tokens on the omega places";
      else
        bad = certificate_problem (&in, r, c);
    }
  else
    {
      g_autofree guint32 *wstart = check_witness (&in, r->witness);
      if (wstart == NULL)
        bad = "bad witness";
      else
        {
          guint32 k_need = 0;
          for (guint p = 0; p < n; p++)
            if (omega[p])
              k_need = MAX (k_need, wstart[p]);
          at_witness = oracle_run (in.net, wstart, in.targets, ORACLE_BOUND + k_need,
                                   ORACLE_MAX_STATES);
          if (at_witness->verdict == ORACLE_NOT_COVERED)
            bad = "engine UNSAFE, oracle from the witness's initial marking not covered";
          else if (at_witness->verdict == ORACLE_COVERED && !at_witness->cut
                   && r->witness->steps->len < at_witness->steps->len)
            bad = "engine witness shorter than the oracle's shortest";
          else if (k_need <= OMEGA_K_MAX && per_k[k_need] == ORACLE_NOT_COVERED)
            bad = "engine UNSAFE with K tokens on omega places, oracle with K not covered";
          else
            {
              c->steps_total += r->witness->steps->len;
              c->steps_max = MAX (c->steps_max, r->witness->steps->len);
          c->steps_max = MAX (c->steps_max, r->witness->steps->len);
              if (k_need > OMEGA_K_MAX)
                c->witness_beyond_k++;
              if (at_witness->verdict == ORACLE_COVERED
                  && r->witness->steps->len > at_witness->steps->len)
                c->witness_longer++;
            }
        }
    }

  if (bad == NULL)
    {
      /* decided: the oracle covered for some K, or every K was searched to the end and
       * the engine agrees it is safe */
      if (first_k >= 0 || (r->verdict == RF_COVER_UNSAFE && at_witness->verdict == ORACLE_COVERED))
        {
          c->decided++;
          c->unsafe++;
        }
      else if (r->verdict == RF_COVER_SAFE && all_complete)
        {
          c->decided++;
          c->safe++;
        }
      else
        c->inconclusive++;
    }
  if (bad || config.verbose)
    {
      print_instance (&in, MODE_OMEGA, case_no, bad ? bad : "ok");
      if (r)
        fprintf (stderr, "engine: %s\n", rf_cover_verdict_to_string (r->verdict));
      if (r && r->witness)
        print_witness (r->witness);
      g_autoptr (GString) s = g_string_new ("oracle per K:");
      for (guint k = 0; k <= OMEGA_K_MAX; k++)
        g_string_append_printf (s, " %u:%s", k, oracle_verdict_to_string (per_k[k]));
      fprintf (stderr, "%s\n", s->str);
      if (at_first_k)
        print_oracle (at_first_k, " at the first covering K");
      if (at_witness)
        print_oracle (at_witness, " from the witness's initial marking");
    }
  if (bad)
    c->disagreements++;
  return bad == NULL;
}

static void
print_counts (const char *mode, const Counts *c)
{
  printf ("%s: %u cases, %u decided (%u unsafe, %u safe), %u bound-exceeded, %u disagreements"
          " [seed %u; %u witnesses longer than shortest, %u beyond K=%u, %" G_GUINT64_FORMAT
          " witness steps, longest %u; %" G_GUINT64_FORMAT " pruned by the state equation;"
          " %u certificates checked]\n",
          mode, c->cases, c->decided, c->unsafe, c->safe, c->inconclusive, c->disagreements,
          config.seed, c->witness_longer, c->witness_beyond_k, OMEGA_K_MAX, c->steps_total,
          c->steps_max, c->steq_pruned, c->certified);
  fflush (stdout);
}

/* Both verdicts must be common enough for the comparison to mean something. */
static void
check_mix (const Counts *c, guint n_cases, guint min_decided)
{
  if (n_cases >= DEFAULT_CASES)
    assert_true (c->decided >= min_decided);
  if (n_cases >= 100)
    {
      assert_true (c->decided * 3 >= n_cases * 2);
      assert_true (c->unsafe * 5 >= c->decided);
      assert_true (c->safe * 5 >= c->decided);
    }
}

static void
test_random_finite (void **state)
{
  Counts c = { 0 };
  for (guint i = 0; i < config.cases; i++)
    finite_case (config.first + i, &c);
  print_counts ("random", &c);
  assert_int_equal (c.disagreements, 0);
  check_mix (&c, config.cases, MIN_DECIDED);
  /* the state equation is on: it must have had something to prune */
  if (config.cases >= DEFAULT_CASES)
    assert_true (c.steq_pruned > 0);
}

static void
test_random_omega (void **state)
{
  Counts c = { 0 };
  for (guint i = 0; i < config.omega_cases; i++)
    omega_case (config.first + i, &c);
  print_counts ("random-omega", &c);
  assert_int_equal (c.disagreements, 0);
  check_mix (&c, config.omega_cases, 0);
}

/* The same cases with the engine's forward search off: the backward search alone
 * must agree with the oracle too. */
static void
test_random_finite_backward (void **state)
{
  config.backward_only = TRUE;
  Counts c = { 0 };
  for (guint i = 0; i < config.cases; i++)
    finite_case (config.first + i, &c);
  config.backward_only = FALSE;
  print_counts ("random (backward only)", &c);
  assert_int_equal (c.disagreements, 0);
  check_mix (&c, config.cases, MIN_DECIDED);
}

static void
test_random_omega_backward (void **state)
{
  config.backward_only = TRUE;
  Counts c = { 0 };
  for (guint i = 0; i < config.omega_cases; i++)
    omega_case (config.first + i, &c);
  config.backward_only = FALSE;
  print_counts ("random-omega (backward only)", &c);
  assert_int_equal (c.disagreements, 0);
  check_mix (&c, config.omega_cases, 0);
}

/* The backward search alone without the state-equation pruning: the plain Figure 4
 * algorithm (with invariant and markable-place pruning). */
static void
test_random_finite_plain (void **state)
{
  config.backward_only = config.no_state_equation = TRUE;
  Counts c = { 0 };
  for (guint i = 0; i < config.cases; i++)
    finite_case (config.first + i, &c);
  config.backward_only = config.no_state_equation = FALSE;
  print_counts ("random (backward only, no state equation)", &c);
  assert_int_equal (c.disagreements, 0);
  assert_int_equal (c.steq_pruned, 0);
  check_mix (&c, config.cases, MIN_DECIDED);
}

static void
test_random_omega_plain (void **state)
{
  config.backward_only = config.no_state_equation = TRUE;
  Counts c = { 0 };
  for (guint i = 0; i < config.omega_cases; i++)
    omega_case (config.first + i, &c);
  config.backward_only = config.no_state_equation = FALSE;
  print_counts ("random-omega (backward only, no state equation)", &c);
  assert_int_equal (c.disagreements, 0);
  assert_int_equal (c.steq_pruned, 0);
  check_mix (&c, config.omega_cases, 0);
}

/* The engine as shipped, with certificates: every SAFE verdict's certificate must pass
 * the checker. */
static void
test_random_finite_certified (void **state)
{
  config.certify = TRUE;
  Counts c = { 0 };
  for (guint i = 0; i < config.cases; i++)
    finite_case (config.first + i, &c);
  config.certify = FALSE;
  print_counts ("random (certificates)", &c);
  assert_int_equal (c.disagreements, 0);
  check_mix (&c, config.cases, MIN_DECIDED);
  assert_true (c.certified >= c.safe);
}

static void
test_random_omega_certified (void **state)
{
  config.certify = TRUE;
  Counts c = { 0 };
  for (guint i = 0; i < config.omega_cases; i++)
    omega_case (config.first + i, &c);
  config.certify = FALSE;
  print_counts ("random-omega (certificates)", &c);
  assert_int_equal (c.disagreements, 0);
  check_mix (&c, config.omega_cases, 0);
  assert_true (c.certified >= c.safe);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_random_finite),
    cmocka_unit_test (test_random_omega),
    cmocka_unit_test (test_random_finite_backward),
    cmocka_unit_test (test_random_omega_backward),
    cmocka_unit_test (test_random_finite_plain),
    cmocka_unit_test (test_random_omega_plain),
    cmocka_unit_test (test_random_finite_certified),
    cmocka_unit_test (test_random_omega_certified),
  };
  return cmocka_run_group_tests_name ("random", tests, setup_config, NULL);
}
