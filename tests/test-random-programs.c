/* test-random-programs: seeded end-to-end property test, program model -> net -> verdicts.
 *
 * Each case builds a small random program directly with the rf_program_* API: 1-2 data
 * vars, 0-2 locks, 0-1 condition variable, 0-1 semaphore, 0-1 rwlock, 2-3 job types started with 1-2 threads, and
 * sometimes one job type started only by `create` from sites on no CFG cycle (so every
 * run has finitely many threads and the forward oracle can decide). CFGs of 2-8 edges
 * are generated as structured statements (lock blocks, if, if/else, while, self loops,
 * skip cycles, gotos) and lowered to edges, so the net builder's skip closure sees
 * branches, joins, back edges and cycles of skips; acquire/release are usually paired
 * along every path but sometimes not (unpaired acquire or release, double acquire,
 * wait without the lock, gotos out of lock blocks), so the builder's lock invariants
 * are sometimes refused. Data vars guarded by the rwlock are read under rdlock and
 * written under wrlock, sometimes in the wrong mode or unguarded; the rwlock is
 * sometimes taken twice (for reading: allowed; for writing: undefined), left held, or
 * unlocked while not held.
 *
 * For each data var of each program the engine runs on the net three ways: as shipped
 * (backward search with the lock P-invariants plus its forward under-approximation),
 * as the backward search alone, and as the backward search alone on a copy of the net
 * rebuilt without any invariant; the forward oracle (no invariants, explicit states,
 * token bound) runs on the same net. The engine runs must agree with each other
 * whenever they finish, and with the oracle whenever it decides. Every race witness must replay, and rf_race_check's
 * interleaving must have as many steps as the witness. The accepted invariants are
 * re-checked by hand and along every witness and oracle path. Last, a forward search
 * of the program's own states (threads at CFG nodes, skips as moves, no net) checks
 * the net builder: whenever it decides, the net's verdict must be the program's. The
 * backward search alone runs with certificates: each race-free verdict's certificate
 * (with the lock invariants it used) must pass the independent checker. The
 * program's rwlock is a real one (a writer flag and a count of readers; each thread
 * knows how it holds it), so there the net may only add races and edges, never lose
 * one: a race the program has and the net misses is a soundness bug; the other way is
 * counted (the net over-approximates readers), and must stay rare.
 *
 * Environment: RF_SEED (default 20240612), RF_CASES (1200), RF_FIRST (0),
 * RF_VERBOSE (print every program). A failing case reruns alone with
 * RF_SEED=<seed> RF_FIRST=<case> RF_CASES=1. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "oracle.h"
#include "rf-certify.h"
#include "rf-cover.h"
#include "rf-net.h"
#include "rf-netbuild.h"
#include "rf-program.h"
#include "rf-race.h"
#include "rf-report-cert.h"

#define DEFAULT_SEED 20240612u
#define DEFAULT_CASES 1200
#define ORACLE_BOUND 10            /* tokens per place the oracle explores (>= threads) */
#define ORACLE_MAX_STATES 300000
#define ENGINE_MAX_MARKINGS 20000  /* engine budget: deterministic, unlike a timeout */
#define ENGINE_TIMEOUT_S 120.0     /* a safety net only */
#define MIN_DECIDED 1000
#define MAX_LOCKS 2
#define MAX_DATA 2
#define MAX_CREATE_SITES 2         /* create edges per program */

/* Config: the run's parameters, from the environment. */
typedef struct {
  guint32 seed;
  guint first;
  guint cases;
  gboolean verbose;
} Config;

/* Counts: tallies over the run. decided = races + race_free (the oracle answered). */
typedef struct {
  guint programs;
  guint queries;
  guint decided;
  guint races;
  guint race_free;
  guint inconclusive;
  guint inconclusive_cap;  /* of which the oracle hit its state cap */
  guint prog_decided;      /* queries the program-level search decided */
  guint edge_queries;      /* non-skip edges asked "can it be taken" of net and program */
  guint edge_decided;      /* of which the program search decided */
  guint edge_taken;
  guint edge_unknown;      /* edge queries the engine left unknown (budget) */
  guint engine_unknown;    /* race queries the engine left unknown (budget) */
  guint backward_unknown;  /* of the others, the backward search alone left unknown */
  guint bare_unknown;      /* of the others, the backward search without invariants did */
  guint64 prog_states;
  guint disagreements;
  guint locks;
  guint inv_accepted;      /* lock invariants kept by rf_net_check_invariants */
  guint inv_not_claimed;   /* locks for which the builder claimed no invariant */
  guint inv_claim_wrong;   /* claims rf_net_check_invariants rejected */
  guint inv_at_most;       /* accepted ones that a joinall's reset may lower (upper bounds) */
  guint64 pruned;          /* predecessors the invariants pruned, over all runs */
  guint inv_helped;        /* queries whose backward search added fewer markings with them */
  guint certified;         /* race-free verdicts whose certificate the checker accepted */
  guint quick[RF_RACE_PROOF_KINDS];  /* rf_race_check's race-free verdicts by argument
                                        (rf-race-quick.h), each checked against the search */
  guint64 places;
  guint64 transitions;
  guint64 oracle_states;
  guint skip_cycles;       /* programs with a cycle of skip edges */
  guint op_used[RF_OP_JOINALL + 1];  /* edges per op kind, over all programs */
  guint ja_programs;       /* programs with a joinall */
  guint ja_sem_programs;   /* programs with a joinall on a semaphore (joinall T, s) */
  guint ja_decided;        /* race queries of them the program search decided */
  guint ja_extra_races;    /* of which the net says race and the program race-free */
  guint ja_extra_edges;    /* edges only the net takes in them */
  guint rw_programs;       /* programs with an rwlock */
  guint rw_claims;         /* of which the net builder claimed how places hold it */
  guint rw_decided;        /* race queries of rwlock programs the program search decided */
  guint rw_extra_races;    /* of which the net says race and the program race-free */
  guint rw_extra_edges;    /* edges of rwlock programs the net fires and the program never takes */
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
  config.verbose = g_getenv ("RF_VERBOSE") != NULL;
  return 0;
}

/* ---- random programs ---- */

/* Shape: the program's shared objects. guard[v] is the index in lock[] of the lock
 * meant to protect data var v, -1 for none, -2 for "read-mostly" (writes are rare), -3
 * for the rwlock rw (read under rdlock, written under wrlock). */
typedef struct {
  guint n_data;
  guint data[MAX_DATA];
  guint n_locks;
  guint lock[MAX_LOCKS];
  gint cond;               /* var id or -1 */
  gint sem;                /* var id or -1 */
  gint rw;                 /* var id or -1 */
  gint guard[MAX_DATA];
  gint create_target;      /* the job started only by create, or -1 */
  guint create_sites;      /* create edges still allowed */
} Shape;

/* How the rwlock is held in the structured view (RW_MAYBE: taken on one branch only,
 * and left alone from then on). */
enum { RW_NONE, RW_READ, RW_WRITE, RW_MAYBE };

/* Gen: the generator of one job's CFG. left: edges still to add to the job;
 * held[i]: lock[i] is held here in the structured view (gotos may break it), rw_mode:
 * the rwlock alike. */
typedef struct {
  GRand *r;
  RfProgram *prog;
  RfJob *job;
  Shape *shape;
  guint left;
  guint loop_depth;
  gboolean held[MAX_LOCKS];
  guint rw_mode;
  gboolean may_create;
  GArray *held_at;         /* guint8 per node: bit i set when lock[i] is held there, the
                            * rwlock's mode above them */
} Gen;

static gboolean
chance (Gen *g, guint percent)
{
  return (guint) g_rand_int_range (g->r, 0, 100) < percent;
}

static guint
below (Gen *g, guint n)
{
  return (guint) g_rand_int_range (g->r, 0, n);
}

/* An index drawn with the given weights (at least one positive). */
static guint
pick (Gen *g, const guint *weights, guint n)
{
  guint total = 0;
  for (guint i = 0; i < n; i++)
    total += weights[i];
  g_assert (total > 0);
  guint x = below (g, total);
  for (guint i = 0; i < n; i++)
    {
      if (x < weights[i])
        return i;
      x -= weights[i];
    }
  g_assert_not_reached ();
}

static guint8
held_mask (Gen *g)
{
  guint8 mask = 0;
  for (guint i = 0; i < MAX_LOCKS; i++)
    if (g->held[i])
      mask |= 1u << i;
  return mask | g->rw_mode << MAX_LOCKS;
}

/* Takes lock i in the structured view; CUR is the node just after the acquire. */
static void
set_held (Gen *g, guint li, gboolean held, guint cur)
{
  g->held[li] = held;
  g_array_index (g->held_at, guint8, cur) = held_mask (g);
}

/* Takes the rwlock in MODE (or leaves it, RW_NONE) in the structured view; CUR is the
 * node just after the operation. */
static void
set_rw (Gen *g, guint mode, guint cur)
{
  g->rw_mode = mode;
  g_array_index (g->held_at, guint8, cur) = held_mask (g);
}

static guint
new_node (Gen *g)
{
  RfLoc loc = { g_intern_static_string ("random"), g->job->nodes->len + 1, 1 };
  guint8 mask = held_mask (g);
  g_array_append_val (g->held_at, mask);
  return rf_job_add_node (g->job, loc);
}

/* A goto target: usually a node where the same locks are held (the lock discipline
 * survives), sometimes any node. */
static guint
goto_target (Gen *g, guint cur)
{
  guint n = g->job->nodes->len;
  if (chance (g, 25))
    return below (g, n);
  guint8 mask = g_array_index (g->held_at, guint8, cur);
  guint k = 0;
  for (guint i = 0; i < n; i++)
    k += g_array_index (g->held_at, guint8, i) == mask;
  guint pickk = below (g, k);
  for (guint i = 0; i < n; i++)
    if (g_array_index (g->held_at, guint8, i) == mask && pickk-- == 0)
      return i;
  g_assert_not_reached ();
}

static void
add_edge (Gen *g, guint from, guint to, RfOpKind op, gint arg, gint arg2)
{
  g_assert (g->left > 0);
  /* line: the source node; col: the edge's index, so that the net's transitions
   * tell which edge they come from */
  RfLoc loc = { g_intern_static_string ("random"), from + 1, g->job->edges->len + 1 };
  rf_job_add_edge (g->job, from, to, op, arg, arg2, loc, NULL);
  g->left--;
}

/* A one-edge statement from CUR to a new node; returns the node. */
static guint
op_stmt (Gen *g, guint cur, RfOpKind op, gint arg, gint arg2)
{
  guint to = new_node (g);
  add_edge (g, cur, to, op, arg, arg2);
  return to;
}

static gint
free_lock (Gen *g)
{
  if (g->shape->n_locks == 0)
    return -1;
  guint start = below (g, g->shape->n_locks);
  for (guint k = 0; k < g->shape->n_locks; k++)
    {
      guint i = (start + k) % g->shape->n_locks;
      if (!g->held[i])
        return i;
    }
  return -1;
}

static gint
held_lock (Gen *g)
{
  if (g->shape->n_locks == 0)
    return -1;
  guint start = below (g, g->shape->n_locks);
  for (guint k = 0; k < g->shape->n_locks; k++)
    {
      guint i = (start + k) % g->shape->n_locks;
      if (g->held[i])
        return i;
    }
  return -1;
}

static guint gen_block (Gen *g, guint cur, guint avail);

/* acquire L; S; release L, in AVAIL >= 3 edges. */
static guint
lock_block (Gen *g, guint cur, guint avail, guint li)
{
  guint lock = g->shape->lock[li];
  g_assert (avail >= 3 && !g->held[li]);
  cur = op_stmt (g, cur, RF_OP_ACQUIRE, lock, -1);
  set_held (g, li, TRUE, cur);
  cur = gen_block (g, cur, 1 + below (g, avail - 2));
  g->held[li] = FALSE;
  return op_stmt (g, cur, RF_OP_RELEASE, lock, -1);
}

/* rdlock or wrlock (MODE); S; unlock, in AVAIL >= 3 edges. */
static guint
rw_block (Gen *g, guint cur, guint avail, guint mode)
{
  gint rw = g->shape->rw;
  g_assert (avail >= 3 && g->rw_mode == RW_NONE && rw >= 0);
  cur = op_stmt (g, cur, mode == RW_READ ? RF_OP_RDLOCK : RF_OP_WRLOCK, rw, -1);
  set_rw (g, mode, cur);
  cur = gen_block (g, cur, 1 + below (g, avail - 2));
  g->rw_mode = RW_NONE;
  return op_stmt (g, cur, RF_OP_RWUNLOCK, rw, -1);
}

/* read v / write v, wrapped in a lock block of v's guard when it is not held. */
static guint
access_stmt (Gen *g, guint cur, guint avail)
{
  Shape *sh = g->shape;
  guint v = below (g, sh->n_data);
  gint guard = sh->guard[v];
  gboolean write = guard == -2 ? chance (g, 6) : guard == -3 ? chance (g, 35) : chance (g, 55);
  RfOpKind op = write ? RF_OP_WRITE : RF_OP_READ;

  if (guard == -3 && g->rw_mode == RW_NONE && !chance (g, 6))
    {
      if (avail >= 3)
        {
          /* usually the right mode; sometimes a write under the read lock (a race) or a
           * read under the write lock */
          guint mode = write ? (chance (g, 85) ? RW_WRITE : RW_READ) : (chance (g, 80) ? RW_READ : RW_WRITE);
          cur = op_stmt (g, cur, mode == RW_READ ? RF_OP_RDLOCK : RF_OP_WRLOCK, sh->rw, -1);
          set_rw (g, mode, cur);
          cur = op_stmt (g, cur, op, sh->data[v], -1);
          if (avail > 3 && chance (g, 40))
            cur = gen_block (g, cur, 1 + below (g, MIN (avail - 3, 3)));
          g->rw_mode = RW_NONE;
          return op_stmt (g, cur, RF_OP_RWUNLOCK, sh->rw, -1);
        }
      return op_stmt (g, cur, RF_OP_SKIP, -1, -1);
    }

  if (guard >= 0 && !g->held[guard] && !chance (g, 6))
    {
      if (avail >= 3)
        {
          guint lock = sh->lock[guard];
          cur = op_stmt (g, cur, RF_OP_ACQUIRE, lock, -1);
          set_held (g, guard, TRUE, cur);
          cur = op_stmt (g, cur, op, sh->data[v], -1);
          if (avail > 3 && chance (g, 40))
            cur = gen_block (g, cur, 1 + below (g, MIN (avail - 3, 3)));
          g->held[guard] = FALSE;
          return op_stmt (g, cur, RF_OP_RELEASE, lock, -1);
        }
      /* no room for the lock block: a plain skip instead */
      return op_stmt (g, cur, RF_OP_SKIP, -1, -1);
    }
  return op_stmt (g, cur, op, sh->data[v], -1);
}

/* wait c, L: L usually held (or taken around the wait), sometimes not. */
static guint
wait_stmt (Gen *g, guint cur, guint avail)
{
  Shape *sh = g->shape;
  gint li = held_lock (g);
  if (li >= 0 && !chance (g, 5))
    return op_stmt (g, cur, RF_OP_WAIT, sh->cond, sh->lock[li]);
  li = free_lock (g);
  if (li >= 0 && avail >= 3 && !chance (g, 15))
    {
      guint lock = sh->lock[li];
      cur = op_stmt (g, cur, RF_OP_ACQUIRE, lock, -1);
      set_held (g, li, TRUE, cur);
      cur = op_stmt (g, cur, RF_OP_WAIT, sh->cond, lock);
      if (avail > 3 && chance (g, 50))
        cur = gen_block (g, cur, 1 + below (g, MIN (avail - 3, 2)));
      g->held[li] = FALSE;
      return op_stmt (g, cur, RF_OP_RELEASE, lock, -1);
    }
  /* the lock is not held: a wait that releases a lock it does not own */
  return op_stmt (g, cur, RF_OP_WAIT, sh->cond, sh->lock[below (g, sh->n_locks)]);
}

enum { OP_ACCESS, OP_SIGNAL, OP_BROADCAST, OP_WAIT, OP_CREATE, OP_SKIP, OP_POST, OP_TAKE,
       OP_BAD_ACQUIRE, OP_BAD_RELEASE, OP_DOUBLE_ACQUIRE, OP_RW_NESTED, OP_RW_ODD, OP_JOINALL, N_OPS };

/* One operation (a few edges when an access or a wait brings its lock block). */
static guint
op_choice (Gen *g, guint cur, guint avail)
{
  Shape *sh = g->shape;
  gboolean cond = sh->cond >= 0, locks = sh->n_locks > 0;
  gboolean loop = g->loop_depth > 0;
  guint w[N_OPS] = { 0 };
  w[OP_ACCESS] = 40;
  w[OP_SIGNAL] = cond ? (loop ? 1 : 6) : 0;
  w[OP_BROADCAST] = cond && !loop ? 1 : 0;
  w[OP_WAIT] = cond && locks ? 6 : 0;
  w[OP_CREATE] = g->may_create && !loop && sh->create_sites > 0 ? 10 : 0;
  w[OP_SKIP] = 3;
  w[OP_POST] = sh->sem >= 0 && !loop ? 6 : 0;   /* in a loop it would be unbounded */
  w[OP_TAKE] = sh->sem >= 0 ? 6 : 0;
  w[OP_BAD_ACQUIRE] = free_lock (g) >= 0 ? 1 : 0;
  w[OP_BAD_RELEASE] = locks && !loop ? 1 : 0;
  w[OP_DOUBLE_ACQUIRE] = held_lock (g) >= 0 ? 1 : 0;
  w[OP_RW_NESTED] = g->rw_mode == RW_READ && avail >= 3 ? 3 : 0;
  w[OP_RW_ODD] = sh->rw >= 0 && !loop && g->rw_mode != RW_MAYBE ? 2 : 0;
  w[OP_JOINALL] = g->may_create && sh->create_target >= 0 ? 4 : 0;

  switch (pick (g, w, N_OPS))
    {
    case OP_ACCESS:
      return access_stmt (g, cur, avail);
    case OP_SIGNAL:
      return op_stmt (g, cur, RF_OP_SIGNAL, sh->cond, -1);
    case OP_BROADCAST:
      return op_stmt (g, cur, RF_OP_BROADCAST, sh->cond, -1);
    case OP_WAIT:
      return wait_stmt (g, cur, avail);
    case OP_CREATE:
      sh->create_sites--;
      return op_stmt (g, cur, RF_OP_CREATE, sh->create_target, -1);
    case OP_SKIP:
      return op_stmt (g, cur, RF_OP_SKIP, -1, -1);
    case OP_POST:
      return op_stmt (g, cur, RF_OP_POST, sh->sem, -1);
    case OP_TAKE:
      return op_stmt (g, cur, RF_OP_TAKE, sh->sem, -1);
    case OP_BAD_ACQUIRE:   /* acquire with no release: conditional under an if */
      return op_stmt (g, cur, RF_OP_ACQUIRE, sh->lock[free_lock (g)], -1);
    case OP_BAD_RELEASE:   /* release of a lock not held (or released twice) */
      return op_stmt (g, cur, RF_OP_RELEASE, sh->lock[below (g, sh->n_locks)], -1);
    case OP_DOUBLE_ACQUIRE:
      return op_stmt (g, cur, RF_OP_ACQUIRE, sh->lock[held_lock (g)], -1);
    case OP_RW_NESTED:     /* the read lock taken again inside a read section (allowed) */
      {
        cur = op_stmt (g, cur, RF_OP_RDLOCK, sh->rw, -1);
        if (chance (g, 70))
          cur = access_stmt (g, cur, 1);
        return op_stmt (g, cur, RF_OP_RWUNLOCK, sh->rw, -1);
      }
    case OP_JOINALL:       /* wait until every thread of the created job type has ended
                            * (or, with a semaphore, has posted it) */
      return op_stmt (g, cur, RF_OP_JOINALL, sh->create_target, sh->sem >= 0 && chance (g, 40) ? sh->sem : -1);
    case OP_RW_ODD:        /* an rdlock or wrlock left held, or an unlock: when the lock
                            * is held already or not held, undefined */
      {
        guint k = below (g, 3);
        return op_stmt (g, cur, k == 0 ? RF_OP_RDLOCK : k == 1 ? RF_OP_WRLOCK : RF_OP_RWUNLOCK, sh->rw, -1);
      }
    }
  g_assert_not_reached ();
}

enum { ST_OP, ST_LOCK, ST_IF, ST_IF_BRANCHES, ST_IF_ELSE, ST_WHILE, ST_WHILE_EXIT,
       ST_SELF_LOOP, ST_SKIP_CYCLE, ST_GOTO, ST_RW, ST_RW_MAYBE, N_STMTS };

/* One statement from CUR using 1..AVAIL edges; returns the node after it. */
static guint
gen_stmt (Gen *g, guint cur, guint avail)
{
  guint w[N_STMTS] = { 0 };
  g_assert (avail >= 1);
  w[ST_OP] = 30;
  w[ST_LOCK] = avail >= 3 && free_lock (g) >= 0 ? 10 : 0;
  w[ST_IF] = avail >= 2 ? 5 : 0;
  w[ST_IF_BRANCHES] = avail >= 3 ? 2 : 0;
  w[ST_IF_ELSE] = avail >= 3 ? 4 : 0;
  w[ST_WHILE] = avail >= 2 ? 5 : 0;
  w[ST_WHILE_EXIT] = avail >= 3 ? 2 : 0;
  w[ST_SELF_LOOP] = 2;
  w[ST_SKIP_CYCLE] = 2;
  w[ST_GOTO] = g->job->nodes->len >= 2 ? 3 : 0;
  w[ST_RW] = avail >= 3 && g->shape->rw >= 0 && g->rw_mode == RW_NONE ? 8 : 0;
  w[ST_RW_MAYBE] = avail >= 2 && g->shape->rw >= 0 && g->rw_mode == RW_NONE && g->loop_depth == 0 ? 3 : 0;

  guint st = pick (g, w, N_STMTS);
  switch (st)
    {
    case ST_OP:
      return op_choice (g, cur, avail);
    case ST_LOCK:   /* acquire L; S; release L */
      return lock_block (g, cur, avail, free_lock (g));
    case ST_IF:     /* if (*) S: S from cur to x, and a skip cur -> x */
      {
        guint x = gen_block (g, cur, 1 + below (g, avail - 1));
        add_edge (g, cur, x, RF_OP_SKIP, -1, -1);
        return x;
      }
    case ST_IF_BRANCHES:  /* if (*) S with explicit branch nodes: cur -> a (S) -> x, cur -> x */
      {
        guint a = new_node (g);
        add_edge (g, cur, a, RF_OP_SKIP, -1, -1);
        guint x = gen_block (g, a, 1 + below (g, avail - 2));
        add_edge (g, cur, x, RF_OP_SKIP, -1, -1);
        return x;
      }
    case ST_IF_ELSE:  /* if (*) S1 else S2: both from cur, S2's end joins S1's by a skip */
      {
        guint floor = g->left - avail;
        guint x = gen_block (g, cur, 1 + below (g, avail - 2));
        guint room = g->left - floor - 1;   /* >= 1; one edge is left for the join */
        guint y = gen_block (g, cur, 1 + below (g, room));
        add_edge (g, y, x, RF_OP_SKIP, -1, -1);
        return x;
      }
    case ST_WHILE:       /* while (*) S: S from h to x, back edge x -> h, go on at h */
    case ST_WHILE_EXIT:  /* the same with an explicit exit skip h -> o */
      {
        gboolean explicit_exit = st == ST_WHILE_EXIT;
        guint body = avail - 1 - (explicit_exit ? 1 : 0);
        g->loop_depth++;
        guint x = gen_block (g, cur, 1 + below (g, body));
        g->loop_depth--;
        add_edge (g, x, cur, RF_OP_SKIP, -1, -1);
        return explicit_exit ? op_stmt (g, cur, RF_OP_SKIP, -1, -1) : cur;
      }
    case ST_SELF_LOOP:  /* while (*) op as a self loop h -> h (skip, access, lock op, wait) */
      {
        Shape *sh = g->shape;
        guint kind = below (g, 10);
        if (kind >= 4 && kind < 7)
          {
            guint v = below (g, sh->n_data);
            RfOpKind op = sh->guard[v] == -2 || chance (g, 50) ? RF_OP_READ : RF_OP_WRITE;
            add_edge (g, cur, cur, op, sh->data[v], -1);
          }
        else if (kind == 7 && sh->n_locks > 0)
          add_edge (g, cur, cur, chance (g, 80) ? RF_OP_ACQUIRE : RF_OP_RELEASE,
                    sh->lock[below (g, sh->n_locks)], -1);
        else if (kind == 8 && sh->cond >= 0 && held_lock (g) >= 0)
          add_edge (g, cur, cur, RF_OP_WAIT, sh->cond, sh->lock[held_lock (g)]);
        else
          add_edge (g, cur, cur, RF_OP_SKIP, -1, -1);
        return cur;
      }
    case ST_SKIP_CYCLE:  /* a cycle of skips: h -> h, or h -> k -> h */
      {
        if (avail >= 2 && chance (g, 50))
          {
            guint k = new_node (g);
            add_edge (g, cur, k, RF_OP_SKIP, -1, -1);
            add_edge (g, k, cur, RF_OP_SKIP, -1, -1);
            return chance (g, 50) ? cur : k;
          }
        add_edge (g, cur, cur, RF_OP_SKIP, -1, -1);
        return cur;
      }
    case ST_GOTO:   /* if (*) goto N: a skip to any node (join or back edge) */
      add_edge (g, cur, goto_target (g, cur), RF_OP_SKIP, -1, -1);
      return cur;
    case ST_RW:     /* rdlock or wrlock; S; unlock */
      return rw_block (g, cur, avail, chance (g, 55) ? RW_READ : RW_WRITE);
    case ST_RW_MAYBE:  /* if (*) rdlock (or wrlock); then no rwlock operation: the places
                        * after it may or may not hold the lock, without undefined uses */
      {
        guint x = op_stmt (g, cur, chance (g, 50) ? RF_OP_RDLOCK : RF_OP_WRLOCK, g->shape->rw, -1);
        add_edge (g, cur, x, RF_OP_SKIP, -1, -1);
        set_rw (g, RW_MAYBE, x);
        return x;
      }
    }
  g_assert_not_reached ();
}

/* Statements from CUR using 1..AVAIL edges (AVAIL >= 1, AVAIL <= g->left). */
static guint
gen_block (Gen *g, guint cur, guint avail)
{
  g_assert (avail >= 1 && avail <= g->left);
  guint floor = g->left - avail;
  do
    cur = gen_stmt (g, cur, g->left - floor);
  while (g->left > floor && chance (g, 55));
  return cur;
}

/* TRUE when node TO reaches node FROM in JOB's CFG (so an edge FROM -> TO is on a
 * cycle), through any edges or, with SKIPS_ONLY, through skip edges only. */
static gboolean
reaches (const RfJob *job, guint to, guint from, gboolean skips_only)
{
  g_autofree gboolean *seen = g_new0 (gboolean, job->nodes->len);
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  seen[to] = TRUE;
  g_array_append_val (stack, to);
  while (stack->len > 0)
    {
      guint n = g_array_index (stack, guint, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      if (n == from)
        return TRUE;
      for (guint i = 0; i < job->edges->len; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if (e->from == n && !seen[e->to] && (!skips_only || e->op == RF_OP_SKIP))
            {
              seen[e->to] = TRUE;
              g_array_append_val (stack, e->to);
            }
        }
    }
  return FALSE;
}

static gboolean
has_skip_cycle (const RfJob *job)
{
  for (guint i = 0; i < job->edges->len; i++)
    {
      const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      if (e->op == RF_OP_SKIP && reaches (job, e->to, e->from, TRUE))
        return TRUE;
    }
  return FALSE;
}

/* Turns every create edge that lies on a cycle into a skip: the created threads must
 * stay finitely many. */
static void
remove_creates_on_cycles (RfJob *job)
{
  for (guint i = 0; i < job->edges->len; i++)
    {
      RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      if (e->op == RF_OP_CREATE && reaches (job, e->to, e->from, FALSE))
        {
          e->op = RF_OP_SKIP;
          e->arg = -1;
        }
    }
}

static void
gen_job (GRand *r, RfProgram *prog, Shape *sh, guint j, gboolean may_create)
{
  Gen g = { 0 };
  g.r = r;
  g.prog = prog;
  g.job = rf_program_get_job (prog, j);
  g.shape = sh;
  g.left = g_rand_int_range (r, 2, 9);
  g.may_create = may_create;
  g.held_at = g_array_new (FALSE, TRUE, sizeof (guint8));
  guint cur = new_node (&g);
  g.job->entry = cur;
  while (g.left > 0)
    cur = gen_stmt (&g, cur, g.left);
  remove_creates_on_cycles (g.job);
  g_array_unref (g.held_at);
}

static RfProgram *
random_program (guint case_no)
{
  guint32 seeds[3] = { config.seed, case_no, 0x9e0 };
  g_autoptr (GRand) r = g_rand_new_with_seed_array (seeds, 3);
  RfProgram *prog = rf_program_new ();
  RfLoc loc = { g_intern_static_string ("random"), 1, 1 };
  Shape sh = { 0 };
  static const char *data_names[MAX_DATA] = { "x", "y" };
  static const char *lock_names[MAX_LOCKS] = { "m", "n" };

  sh.n_data = g_rand_int_range (r, 1, MAX_DATA + 1);
  guint lk = g_rand_int_range (r, 0, 10);
  sh.n_locks = lk < 2 ? 0 : lk < 7 ? 1 : 2;
  sh.cond = -1;
  for (guint v = 0; v < sh.n_data; v++)
    sh.data[v] = rf_program_add_var (prog, data_names[v], RF_VAR_DATA, loc);
  for (guint i = 0; i < sh.n_locks; i++)
    sh.lock[i] = rf_program_add_var (prog, lock_names[i], RF_VAR_LOCK, loc);
  if (g_rand_int_range (r, 0, 100) < 45)
    sh.cond = rf_program_add_var (prog, "c", RF_VAR_COND, loc);
  sh.sem = -1;
  if (g_rand_int_range (r, 0, 100) < 30)
    sh.sem = rf_program_add_var (prog, "s", RF_VAR_SEM, loc);
  sh.rw = -1;
  if (g_rand_int_range (r, 0, 100) < 35)
    sh.rw = rf_program_add_var (prog, "rw", RF_VAR_RWLOCK, loc);
  for (guint v = 0; v < sh.n_data; v++)
    {
      guint k = g_rand_int_range (r, 0, 100);
      if (sh.rw >= 0 && g_rand_int_range (r, 0, 100) < 65)
        sh.guard[v] = -3;
      else if (sh.n_locks > 0 && k < 60)
        sh.guard[v] = g_rand_int_range (r, 0, sh.n_locks);
      else if (k < 80)
        sh.guard[v] = -2;
      else
        sh.guard[v] = -1;
    }

  guint n_counted = g_rand_int_range (r, 2, 4);
  gboolean created = g_rand_int_range (r, 0, 100) < 40;
  for (guint j = 0; j < n_counted; j++)
    {
      g_autofree char *name = j == 0 ? g_strdup ("main") : g_strdup_printf ("t%u", j);
      rf_program_add_job (prog, name, loc, RF_START_COUNT, g_rand_int_range (r, 1, 3));
    }
  sh.create_target = -1;
  if (created)
    {
      sh.create_target = rf_program_add_job (prog, "worker", loc, RF_START_NONE, 0);
      sh.create_sites = MAX_CREATE_SITES;
    }
  for (guint j = 0; j < n_counted; j++)
    gen_job (r, prog, &sh, j, created);
  if (created)
    gen_job (r, prog, &sh, sh.create_target, FALSE);
  g_assert (rf_program_is_valid (prog));
  return prog;
}

/* ---- a copy of a net without its invariant claims ---- */

static RfNet *
net_copy_without_invariants (const RfNet *net)
{
  RfNet *c = rf_net_new ();
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);

  for (guint p = 0; p < rf_net_n_places (net); p++)
    {
      const RfPlace *pl = rf_net_get_place (net, p);
      guint id = rf_net_add_place (c, pl->name, pl->kind, pl->job, pl->var, pl->loc);
      g_assert_cmpuint (id, ==, p);
      if (pl->activity)
        rf_net_set_place_activity (c, id, pl->activity);
    }
  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    {
      const RfTransition *tr = rf_net_get_transition (net, t);
      guint id = rf_net_add_transition (c, tr->label, tr->job, tr->loc, tr->pre, tr->n_pre,
                                        tr->post, tr->n_post, tr->pc_from, tr->pc_to, tr->spawn);
      g_assert_cmpuint (id, ==, t);
    }
  for (guint j = 0; j < rf_net_n_jobs (net); j++)
    {
      const RfNetJob *job = rf_net_get_job (net, j);
      rf_net_add_job (c, job->name, job->entry);
    }
  for (guint p = 0; p < rf_net_n_places (net); p++)
    {
      if (omega[p])
        rf_net_set_initial_omega (c, p);
      else if (init[p] > 0)
        rf_net_set_initial (c, p, init[p]);
    }
  return c;
}

/* ---- the program's own semantics, for checking the net builder ---- */

/* Layout: a program state as a dense vector of counters. Threads sit at CFG nodes
 * (skip edges are moves of their own here, nothing is folded) or inside an edge: slot
 * 0 of an edge holds threads in the middle of an access, waiting in a wait, or
 * broadcasting; slot 1 threads woken in a wait, reacquiring the lock. These are the
 * thread positions; with an rwlock each position has one counter per mode in which a
 * thread there holds it (MODE_*: not held, read 1, 2 or 3 times, written), else one.
 * Each lock has a slot with its free tokens, each cond one with its pending signals,
 * each semaphore its value; the rwlock's slot is 1 while a writer holds it, and the
 * readers slot counts the read locks held. The rules are docs/net.md's table read as
 * moves of threads, written here without the net, and a real rwlock. */
enum { MODE_N, MODE_R1, MODE_R2, MODE_R3, MODE_W, N_MODES };

typedef struct {
  const RfProgram *prog;
  guint n_modes;      /* N_MODES with an rwlock, else 1 */
  gint rw;            /* the rwlock var, or -1 */
  guint n_slots;
  guint *node_base;   /* per job: position of node 0 */
  guint *edge_base;   /* per job: position 0 of edge 0 (two positions per edge) */
  guint var_base;     /* slot of var v: var_base + v */
  guint readers;      /* slot: read locks held on the rwlock */
} Layout;

static void
layout_init (Layout *l, const RfProgram *prog)
{
  guint nj = rf_program_n_jobs (prog), n = 0;
  l->prog = prog;
  l->rw = -1;
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    if (rf_program_get_var (prog, v)->kind == RF_VAR_RWLOCK)
      l->rw = v;
  l->n_modes = l->rw >= 0 ? N_MODES : 1;
  l->node_base = g_new (guint, nj);
  l->edge_base = g_new (guint, nj);
  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      l->node_base[j] = n;
      n += job->nodes->len;
      l->edge_base[j] = n;
      n += 2 * job->edges->len;
    }
  l->var_base = n * l->n_modes;
  l->readers = l->var_base + rf_program_n_vars (prog);
  l->n_slots = l->readers + 1;
}

static void
layout_clear (Layout *l)
{
  g_free (l->node_base);
  g_free (l->edge_base);
}

/* The slot of threads at position POS holding the rwlock in MODE. */
static guint
slot_of (const Layout *l, guint pos, guint mode)
{
  g_assert (mode < l->n_modes);
  return pos * l->n_modes + mode;
}

/* Threads at position POS, in any mode. */
static guint
threads_at (const Layout *l, const guint8 *s, guint pos)
{
  guint n = 0;
  for (guint m = 0; m < l->n_modes; m++)
    n += s[slot_of (l, pos, m)];
  return n;
}

/* TRUE when some thread of job type J has not ended in state S: it is at a node with
 * an edge out, or inside an edge. */
static gboolean
job_alive (const Layout *l, const guint8 *s, guint j)
{
  const RfJob *job = rf_program_get_job (l->prog, j);
  for (guint i = 0; i < job->edges->len; i++)
    {
      const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      if (threads_at (l, s, l->node_base[j] + e->from) > 0 || threads_at (l, s, l->edge_base[j] + 2 * i) > 0
          || threads_at (l, s, l->edge_base[j] + 2 * i + 1) > 0)
        return TRUE;
    }
  return FALSE;
}

/* TRUE when some thread of job type J in state S cannot have posted semaphore SEM
 * yet: it is at a node (or inside an edge from a node) that no path from the job's
 * entry reaches through a post of SEM. (The specification of `joinall J, SEM`.) */
static gboolean
job_unposted (const Layout *l, const guint8 *s, guint j, gint sem)
{
  const RfJob *job = rf_program_get_job (l->prog, j);
  g_autofree gboolean *posted = g_new0 (gboolean, MAX (job->nodes->len, 1));
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint i = 0; i < job->edges->len; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if ((posted[e->from] || (e->op == RF_OP_POST && e->arg == sem)) && !posted[e->to])
            posted[e->to] = changed = TRUE;
        }
    }
  for (guint i = 0; i < job->edges->len; i++)
    {
      const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      if (!posted[e->from]
          && (threads_at (l, s, l->node_base[j] + e->from) > 0 || threads_at (l, s, l->edge_base[j] + 2 * i) > 0
              || threads_at (l, s, l->edge_base[j] + 2 * i + 1) > 0))
        return TRUE;
    }
  return FALSE;
}

/* TRUE when two threads access data var V at once, one of them writing. */
static gboolean
program_races (const Layout *l, const guint8 *s, guint v)
{
  guint reads = 0, writes = 0;
  for (guint j = 0; j < rf_program_n_jobs (l->prog); j++)
    {
      const RfJob *job = rf_program_get_job (l->prog, j);
      for (guint i = 0; i < job->edges->len; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if (e->arg != (gint) v)
            continue;
          if (e->op == RF_OP_READ)
            reads += threads_at (l, s, l->edge_base[j] + 2 * i);
          else if (e->op == RF_OP_WRITE)
            writes += threads_at (l, s, l->edge_base[j] + 2 * i);
        }
    }
  return writes >= 2 || (writes >= 1 && reads >= 1);
}

/* ProgFacts: what a complete forward search of the program's states saw. race[v]: a
 * reachable state races on data var v; enabled[j][i]: a reachable state lets a move of
 * edge i of job j happen; modes[j][n]: bit m set when a reachable state has a thread of
 * job j at node n holding the rwlock in mode m. cut: the token bound or the state cap
 * dropped states, so only the facts seen are certain. */
typedef struct {
  gboolean cut;
  guint64 n_states;
  guint n_jobs;
  gboolean *race;        /* per var */
  gboolean **enabled;    /* per job, per edge */
  guint8 **modes;        /* per job, per node */
} ProgFacts;

static void
prog_facts_free (ProgFacts *f)
{
  for (guint j = 0; j < f->n_jobs; j++)
    {
      g_free (f->enabled[j]);
      g_free (f->modes[j]);
    }
  g_free (f->modes);
  g_free (f->enabled);
  g_free (f->race);
  g_free (f);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ProgFacts, prog_facts_free)

/* A stored program state: a guint32 slot count, then one guint8 counter per slot (the
 * token bound is below 256), so that hashing needs no context. */
G_STATIC_ASSERT (ORACLE_BOUND < 250);

static guint8 *
state_slots (gpointer state)
{
  return (guint8 *) state + sizeof (guint32);
}

static guint
state_hash (gconstpointer p)
{
  guint32 n;
  memcpy (&n, p, sizeof n);
  const guint8 *b = (const guint8 *) p + sizeof n;
  guint64 h = 1469598103934665603u;
  guint i = 0;
  for (; i + 8 <= n; i += 8)
    {
      guint64 w;
      memcpy (&w, b + i, sizeof w);
      h = (h ^ w) * 1099511628211u;
      h ^= h >> 29;
    }
  for (; i < n; i++)
    h = (h ^ b[i]) * 1099511628211u;
  return (guint) (h ^ (h >> 32));
}

static gboolean
state_equal (gconstpointer a, gconstpointer b)
{
  guint32 n;
  memcpy (&n, a, sizeof n);
  return memcmp (a, b, sizeof n + n) == 0;
}

/* ProgSearch: visited program states (owned, see state_slots) in discovery order =
 * BFS queue; seen holds the same pointers. */
typedef struct {
  const Layout *l;
  GPtrArray *states;
  GHashTable *seen;
  ProgFacts *f;
} ProgSearch;

/* Records successor NEXT (a modified copy of the current state). */
static void
prog_visit (ProgSearch *ps, gpointer state)
{
  const Layout *l = ps->l;
  const guint8 *next = state_slots (state);
  for (guint i = 0; i < l->n_slots; i++)
    if (next[i] > ORACLE_BOUND)
      {
        ps->f->cut = TRUE;
        return;
      }
  if (g_hash_table_contains (ps->seen, state))
    return;
  if (ps->states->len >= ORACLE_MAX_STATES)
    {
      ps->f->cut = TRUE;
      return;
    }
  gpointer copy = g_memdup2 (state, sizeof (guint32) + l->n_slots);
  g_ptr_array_add (ps->states, copy);
  g_hash_table_add (ps->seen, copy);
  for (guint v = 0; v < rf_program_n_vars (l->prog); v++)
    if (!ps->f->race[v] && rf_program_get_var (l->prog, v)->kind == RF_VAR_DATA
        && program_races (l, next, v))
      ps->f->race[v] = TRUE;
  for (guint j = 0; j < rf_program_n_jobs (l->prog); j++)
    for (guint n = 0; n < rf_program_get_job (l->prog, j)->nodes->len; n++)
      for (guint m = 0; m < l->n_modes; m++)
        if (next[slot_of (l, l->node_base[j] + n, m)] > 0)
          ps->f->modes[j][n] |= 1u << m;
}

/* A successor of CUR by a move of edge I of job J: a copy in SCRATCH (a state as
 * state_slots describes) for the caller to change, then to pass to prog_visit. */
static guint8 *
prog_next (ProgSearch *ps, const guint8 *cur, gpointer scratch, guint j, guint i)
{
  ps->f->enabled[j][i] = TRUE;
  guint8 *next = state_slots (scratch);
  memcpy (next, cur, ps->l->n_slots);
  return next;
}

/* A thread takes a move of edge I of job J from position FROM to position TO of state
 * CUR, in each mode a thread at FROM is in (it keeps its mode; NEXT: scratch space for
 * the successor); LOCK_DELTA/SIG_DELTA change the free tokens of lock var LK / pending
 * signals of cond var CV (when >= 0); SPAWN (or -1) gets a new thread, holding
 * nothing. Nothing when a counter would go below 0. */
static void
prog_move (ProgSearch *ps, const guint8 *cur, gpointer scratch, guint j, guint i,
           guint from, guint to, gint lk, gint lock_delta, gint cv, gint sig_delta, gint spawn)
{
  const Layout *l = ps->l;
  if (lk >= 0 && lock_delta < 0 && cur[l->var_base + lk] == 0)
    return;
  if (cv >= 0 && sig_delta < 0 && cur[l->var_base + cv] == 0)
    return;
  for (guint m = 0; m < l->n_modes; m++)
    {
      if (cur[slot_of (l, from, m)] == 0)
        continue;
      guint8 *next = prog_next (ps, cur, scratch, j, i);
      next[slot_of (l, from, m)]--;
      next[slot_of (l, to, m)]++;
      if (lk >= 0)
        next[l->var_base + lk] += lock_delta;
      if (cv >= 0)
        next[l->var_base + cv] += sig_delta;
      if (spawn >= 0)
        next[slot_of (l, spawn, MODE_N)]++;
      prog_visit (ps, scratch);
    }
}

/* One successor: a thread at position FROM in mode M goes to TO in mode M2; the
 * rwlock's writer flag becomes W (or stays, -1) and its read count changes by DR. */
static void
prog_rw_step (ProgSearch *ps, const guint8 *cur, gpointer scratch, guint j, guint i,
              guint from, guint m, guint to, guint m2, gint w, gint dr)
{
  const Layout *l = ps->l;
  guint8 *next = prog_next (ps, cur, scratch, j, i);
  next[slot_of (l, from, m)]--;
  next[slot_of (l, to, m2)]++;
  if (w >= 0)
    next[l->var_base + l->rw] = (guint8) w;
  next[l->readers] = (guint8) ((gint) next[l->readers] + dr);
  prog_visit (ps, scratch);
}

/* rdlock/wrlock/unlock of the rwlock by a thread at position FROM, to TO: a real rwlock
 * (glibc's, plus what POSIX leaves open). rdlock: waits until no writer holds it and
 * adds a read lock (also when the thread reads already); while writing, fails at once
 * (EDEADLK). wrlock: waits until nobody holds it; while holding it, fails (EDEADLK; or
 * deadlocks, which only removes runs). unlock: drops the thread's write lock or one of
 * its read locks; when it holds nothing (undefined), either nothing happens, or the
 * writer's flag or one reader is dropped anyway. A fourth read lock is beyond the
 * search (cut). */
static void
prog_rwlock (ProgSearch *ps, const guint8 *cur, gpointer scratch, guint j, guint i, const RfEdge *e,
             guint from, guint to)
{
  const Layout *l = ps->l;
  gboolean writer = cur[l->var_base + l->rw] > 0;
  guint readers = cur[l->readers];
  for (guint m = 0; m < N_MODES; m++)
    {
      if (cur[slot_of (l, from, m)] == 0)
        continue;
      switch (e->op)
        {
        case RF_OP_RDLOCK:
          if (m == MODE_W)
            prog_rw_step (ps, cur, scratch, j, i, from, m, to, m, -1, 0);
          else if (m == MODE_R3)
            ps->f->cut = TRUE;
          else if (!writer)
            prog_rw_step (ps, cur, scratch, j, i, from, m, to, m + 1, -1, 1);
          break;
        case RF_OP_WRLOCK:
          if (m != MODE_N)
            prog_rw_step (ps, cur, scratch, j, i, from, m, to, m, -1, 0);
          else if (!writer && readers == 0)
            prog_rw_step (ps, cur, scratch, j, i, from, m, to, MODE_W, 1, 0);
          break;
        case RF_OP_RWUNLOCK:
          if (m == MODE_W)
            prog_rw_step (ps, cur, scratch, j, i, from, m, to, MODE_N, 0, 0);
          else if (m != MODE_N)
            prog_rw_step (ps, cur, scratch, j, i, from, m, to, m - 1, -1, readers > 0 ? -1 : 0);
          else
            {
              prog_rw_step (ps, cur, scratch, j, i, from, m, to, m, -1, 0);
              if (writer)
                prog_rw_step (ps, cur, scratch, j, i, from, m, to, m, 0, 0);
              if (readers > 0)
                prog_rw_step (ps, cur, scratch, j, i, from, m, to, m, -1, -1);
            }
          break;
        default:
          g_assert_not_reached ();
        }
    }
}

/* Breadth-first search of every program state reachable from the start (within the
 * token bound and the state cap), collecting the facts. */
static ProgFacts *
program_search (const RfProgram *prog)
{
  Layout l;
  layout_init (&l, prog);
  guint nj = rf_program_n_jobs (prog);
  ProgFacts *f = g_new0 (ProgFacts, 1);
  f->n_jobs = nj;
  f->race = g_new0 (gboolean, rf_program_n_vars (prog));
  f->enabled = g_new0 (gboolean *, nj);
  f->modes = g_new0 (guint8 *, nj);
  for (guint j = 0; j < nj; j++)
    {
      f->enabled[j] = g_new0 (gboolean, rf_program_get_job (prog, j)->edges->len);
      f->modes[j] = g_new0 (guint8, rf_program_get_job (prog, j)->nodes->len);
    }
  ProgSearch ps = { &l, g_ptr_array_new_with_free_func (g_free),
                    g_hash_table_new (state_hash, state_equal), f };
  guint32 n_slots = l.n_slots;
  g_autofree gpointer start = g_malloc0 (sizeof n_slots + n_slots);
  g_autofree gpointer next = g_malloc0 (sizeof n_slots + n_slots);
  memcpy (start, &n_slots, sizeof n_slots);
  memcpy (next, &n_slots, sizeof n_slots);
  guint8 *init = state_slots (start);

  for (guint u = 0; u < rf_program_n_vars (prog); u++)
    if (rf_program_get_var (prog, u)->kind == RF_VAR_LOCK)
      init[l.var_base + u] = 1;
  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      g_assert (job->start != RF_START_ANY);
      if (job->start == RF_START_COUNT)
        init[slot_of (&l, l.node_base[j] + job->entry, MODE_N)] = job->count;
    }
  prog_visit (&ps, start);
  for (guint head = 0; head < ps.states->len; head++)
    {
      const guint8 *cur = state_slots (g_ptr_array_index (ps.states, head));
      for (guint j = 0; j < nj; j++)
        {
          const RfJob *job = rf_program_get_job (prog, j);
          for (guint i = 0; i < job->edges->len; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              guint n_from = l.node_base[j] + e->from, n_to = l.node_base[j] + e->to;
              guint in0 = l.edge_base[j] + 2 * i, in1 = in0 + 1;
              if (threads_at (&l, cur, n_from) > 0)
                switch (e->op)
                  {
                  case RF_OP_SKIP:
                  case RF_OP_SIGNAL:     /* pc_i -> pc_j + Sig_c */
                    prog_move (&ps, cur, next, j, i, n_from, n_to, -1, 0,
                               e->op == RF_OP_SIGNAL ? e->arg : -1, 1, -1);
                    break;
                  case RF_OP_READ:
                  case RF_OP_WRITE:
                  case RF_OP_BROADCAST:  /* into the edge */
                    prog_move (&ps, cur, next, j, i, n_from, in0, -1, 0, -1, 0, -1);
                    break;
                  case RF_OP_ACQUIRE:
                  case RF_OP_RELEASE:
                    prog_move (&ps, cur, next, j, i, n_from, n_to, e->arg,
                               e->op == RF_OP_ACQUIRE ? -1 : 1, -1, 0, -1);
                    break;
                  case RF_OP_WAIT:       /* release the lock, wait */
                    prog_move (&ps, cur, next, j, i, n_from, in0, e->arg2, 1, -1, 0, -1);
                    break;
                  case RF_OP_POST:       /* pc_i -> pc_j + S */
                  case RF_OP_TAKE:       /* pc_i + S -> pc_j */
                    prog_move (&ps, cur, next, j, i, n_from, n_to, -1, 0, e->arg,
                               e->op == RF_OP_POST ? 1 : -1, -1);
                    break;
                  case RF_OP_RDLOCK:
                  case RF_OP_WRLOCK:
                  case RF_OP_RWUNLOCK:
                    prog_rwlock (&ps, cur, next, j, i, e, n_from, n_to);
                    break;
                  case RF_OP_CREATE:
                    {
                      const RfJob *t = rf_program_get_job (prog, e->arg);
                      prog_move (&ps, cur, next, j, i, n_from, n_to, -1, 0, -1, 0,
                                 l.node_base[e->arg] + t->entry);
                    }
                    break;
                  case RF_OP_JOINALL:    /* waits until every thread of the job has ended
                                          * (has posted e->arg2) */
                    if (e->arg2 >= 0 ? !job_unposted (&l, cur, (guint) e->arg, e->arg2)
                                     : !job_alive (&l, cur, (guint) e->arg))
                      prog_move (&ps, cur, next, j, i, n_from, n_to, -1, 0, -1, 0, -1);
                    break;
                  case RF_OP_VALUE:      /* random_program makes no value variables */
                  case RF_OP_SLEEP:      /* nor sleeps */
                    g_assert_not_reached ();
                  }
              if (threads_at (&l, cur, in0) > 0)
                switch (e->op)
                  {
                  case RF_OP_READ:
                  case RF_OP_WRITE:      /* the access ends */
                    prog_move (&ps, cur, next, j, i, in0, n_to, -1, 0, -1, 0, -1);
                    break;
                  case RF_OP_WAIT:       /* woken by a signal, or spuriously */
                    prog_move (&ps, cur, next, j, i, in0, in1, -1, 0, e->arg, -1, -1);
                    prog_move (&ps, cur, next, j, i, in0, in1, -1, 0, -1, 0, -1);
                    break;
                  case RF_OP_BROADCAST:  /* one more signal, or done */
                    prog_move (&ps, cur, next, j, i, in0, in0, -1, 0, e->arg, 1, -1);
                    prog_move (&ps, cur, next, j, i, in0, n_to, -1, 0, -1, 0, -1);
                    break;
                  default:
                    g_assert_not_reached ();
                  }
              if (threads_at (&l, cur, in1) > 0)     /* wait: reacquire the lock */
                prog_move (&ps, cur, next, j, i, in1, n_to, e->arg2, -1, -1, 0, -1);
            }
        }
    }
  f->n_states = ps.states->len;
  g_hash_table_unref (ps.seen);
  g_ptr_array_unref (ps.states);
  layout_clear (&l);
  return f;
}

/* ---- printing, for reproduction ---- */

static const char *
start_text (const RfJob *job, char *buf, gsize size)
{
  switch (job->start)
    {
    case RF_START_NONE: return "created only";
    case RF_START_ANY: return "[*]";
    case RF_START_COUNT:
      g_snprintf (buf, size, "[%u]", job->count);
      return buf;
    }
  return "?";
}

static void
append_program (GString *s, const RfProgram *prog)
{
  static const char *kinds[] = { "shared", "lock", "cond", "sem", "rwlock", "value" };
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      const RfVar *var = rf_program_get_var (prog, v);
      g_string_append_printf (s, "  %s %s;\n", kinds[var->kind], var->name);
    }
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      char buf[32];
      g_string_append_printf (s, "  job %s %s: %u nodes, entry %u\n", job->name,
                              start_text (job, buf, sizeof buf), job->nodes->len, job->entry);
      for (guint i = 0; i < job->edges->len; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          g_autofree char *text = rf_program_edge_to_string (prog, e);
          g_string_append_printf (s, "    %u -> %u: %s\n", e->from, e->to, text);
        }
    }
}

static void
append_net (GString *s, const RfNet *net)
{
  const guint32 *init = rf_net_peek_initial (net);
  g_string_append_printf (s, "net: %u places, %u transitions, %u invariant claims\n",
                          rf_net_n_places (net), rf_net_n_transitions (net),
                          rf_net_n_invariants (net));
  g_string_append (s, "  initial:");
  for (guint p = 0; p < rf_net_n_places (net); p++)
    if (init[p] > 0)
      g_string_append_printf (s, " %s=%u", rf_net_get_place (net, p)->name, init[p]);
  g_string_append (s, "\n");
  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    {
      const RfTransition *tr = rf_net_get_transition (net, t);
      g_autoptr (RfMarking) pre = rf_marking_new (tr->pre, tr->n_pre);
      g_autoptr (RfMarking) post = rf_marking_new (tr->post, tr->n_post);
      g_autofree char *a = rf_net_marking_to_string (net, pre);
      g_autofree char *b = rf_net_marking_to_string (net, post);
      g_string_append_printf (s, "  t%u %s: %s -> %s\n", t, tr->label, a, b);
    }
  g_autoptr (GPtrArray) invs = rf_net_check_invariants (net);
  for (guint k = 0; k < invs->len; k++)
    {
      const RfInvariant *inv = g_ptr_array_index (invs, k);
      g_autofree char *w = rf_net_marking_to_string (net, inv->weights);
      g_string_append_printf (s, "  invariant %s = %" G_GUINT64_FORMAT "\n", w, inv->total);
    }
}

static void
append_steps (GString *s, const char *who, const GArray *steps)
{
  g_string_append_printf (s, "%s (%u steps):", who, steps->len);
  for (guint i = 0; i < steps->len; i++)
    g_string_append_printf (s, " t%u", g_array_index (steps, guint, i));
  g_string_append (s, "\n");
}

/* ---- checks ---- */

/* The engine as shipped, or its backward search alone (no forward under-approximation:
 * the search the invariants prune), which then gives a proof of a safe verdict. */
static RfCoverResult *
run_engine (const RfNet *net, GPtrArray *targets, gboolean backward_only)
{
  RfCoverBudget budget = { .max_markings = ENGINE_MAX_MARKINGS, .timeout_s = ENGINE_TIMEOUT_S,
                           .backward_only = backward_only, .certify = backward_only };
  return rf_cover_run (net, targets, &budget);
}

/* The certificate of R, a SAFE result on NET for VAR, checked by the certificate
 * checker: NULL when it holds, else why (the certificate and the checker's messages
 * in WHY). */
static const char *
certificate_problem (const RfNet *net, const char *var, const RfCoverResult *r, GString *why)
{
  if (!r->proof)
    return "race-free without a proof";
  g_autoptr (GString) text = g_string_new (NULL), msgs = g_string_new (NULL);
  rf_report_cert_search (net, var, r, text);
  g_autoptr (RfOut) out = rf_out_new_string (msgs);
  if (rf_certify_check ("program.cert", text->str, text->len, out, out) == RF_CERTIFY_VALID)
    return NULL;
  g_string_append_printf (why, "%s%s", text->str, msgs->str);
  return "the certificate checker rejects the certificate";
}

/* Replays an UNSAFE result's witness; NULL when fine, else why. */
static const char *
witness_problem (const RfNet *net, GPtrArray *targets, const RfCoverResult *r, GString *why)
{
  g_autoptr (GError) error = NULL;
  const RfWitness *w = r->witness;
  if (w == NULL || w->steps == NULL || w->initial == NULL || w->final == NULL
      || w->target >= targets->len)
    return "malformed witness";
  if (!rf_witness_replay (net, w, g_ptr_array_index (targets, w->target), &error))
    {
      g_string_append_printf (why, "replay: %s\n", error ? error->message : "?");
      return "witness does not replay";
    }
  /* and by hand, with the oracle's firing code */
  guint np = rf_net_n_places (net);
  g_autofree guint32 *dense = g_new0 (guint32, np);
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  if (memcmp (dense, rf_net_peek_initial (net), np * sizeof *dense) != 0)
    return "witness does not start at the initial marking";
  for (guint i = 0; i < w->steps->len; i++)
    if (!oracle_fire (net, g_array_index (w->steps, guint, i), dense))
      return "witness step not enabled (hand replay)";
  if (!oracle_covers (dense, g_ptr_array_index (targets, w->target)))
    return "witness final marking covers no target (hand replay)";
  return NULL;
}

/* Re-checks the accepted invariants by hand: every transition's arcs keep the weighted
 * sum, no weight is on an omega place, total is the weighted initial marking, and an
 * invariant is at_most (an upper bound) exactly when some transition resets a place it
 * weighs. */
static const char *
invariants_problem (const RfNet *net, GPtrArray *invs)
{
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint k = 0; k < invs->len; k++)
    {
      const RfInvariant *inv = g_ptr_array_index (invs, k);
      guint64 total = 0;
      for (guint i = 0; i < inv->weights->n; i++)
        {
          guint32 p = inv->weights->e[i].place;
          if (p >= rf_net_n_places (net) || omega[p])
            return "an accepted invariant weighs an omega or unknown place";
          total += (guint64) inv->weights->e[i].count * init[p];
        }
      if (total != inv->total)
        return "an accepted invariant's total is not its weighted initial marking";
      for (guint t = 0; t < rf_net_n_transitions (net); t++)
        {
          const RfTransition *tr = rf_net_get_transition (net, t);
          gint64 delta = 0;
          for (guint i = 0; i < tr->n_post; i++)
            delta += (gint64) rf_marking_get (inv->weights, tr->post[i].place) * tr->post[i].count;
          for (guint i = 0; i < tr->n_pre; i++)
            delta -= (gint64) rf_marking_get (inv->weights, tr->pre[i].place) * tr->pre[i].count;
          if (delta != 0)
            return "an accepted invariant is not kept by some transition";
        }
      gboolean resets = FALSE;
      for (guint t = 0; t < rf_net_n_transitions (net); t++)
        {
          const RfTransition *tr = rf_net_get_transition (net, t);
          for (guint i = 0; i < tr->n_resets; i++)
            resets |= rf_marking_get (inv->weights, tr->resets[i]) > 0;
        }
      if (resets != inv->at_most)
        return inv->at_most ? "an invariant no reset weighs is only an upper bound"
                            : "an exact invariant weighs a place some transition resets";
    }
  return NULL;
}

/* Fires STEPS from the initial marking and checks every marking on the way against the
 * accepted invariants (weighted sum == total, or <= total for an upper bound). */
static const char *
path_problem (const RfNet *net, GPtrArray *invs, const GArray *steps)
{
  guint np = rf_net_n_places (net);
  g_autofree guint32 *dense = g_memdup2 (rf_net_peek_initial (net), np * sizeof *dense);
  for (guint i = 0; i <= steps->len; i++)
    {
      if (i > 0 && !oracle_fire (net, g_array_index (steps, guint, i - 1), dense))
        return "a path step is not enabled";
      for (guint k = 0; k < invs->len; k++)
        {
          const RfInvariant *inv = g_ptr_array_index (invs, k);
          guint64 sum = 0;
          for (guint j = 0; j < inv->weights->n; j++)
            sum += (guint64) inv->weights->e[j].count * dense[inv->weights->e[j].place];
          if (inv->at_most ? sum > inv->total : sum != inv->total)
            return "a reachable marking breaks an accepted invariant";
        }
    }
  return NULL;
}

/* The CFG node whose control place is P (no activity: not inside a statement), from
 * the job entries and the edges that lead there (their loc col is the edge index + 1),
 * or -1. */
static gint
node_of_place (const RfProgram *prog, const RfNet *net, guint p)
{
  const RfPlace *pl = rf_net_get_place (net, p);
  if (pl->kind != RF_PLACE_CONTROL || pl->activity || pl->job < 0)
    return -1;
  const RfJob *job = rf_program_get_job (prog, pl->job);
  if (rf_net_get_job (net, pl->job)->entry == (gint) p)
    return job->entry;
  for (guint t = 0; t < rf_net_n_transitions (net); t++)
    {
      const RfTransition *tr = rf_net_get_transition (net, t);
      if (tr->pc_to == (gint) p && tr->job == pl->job && tr->loc.col >= 1 && tr->loc.col <= job->edges->len)
        return g_array_index (job->edges, RfEdge, tr->loc.col - 1).to;
    }
  return -1;
}

/* The rwlock claims against the program's own states: a thread on a control place, or
 * inside a statement begun there, holds the rwlock as claimed whenever the program
 * search saw it there (mode bits of pf->modes: MODE_R1..MODE_R3 read, MODE_W write).
 * NULL when all hold, else why. */
static const char *
claims_problem (const RfProgram *prog, const RfNet *net, const ProgFacts *pf, GString *why)
{
  const guint8 read = 1u << MODE_R1 | 1u << MODE_R2 | 1u << MODE_R3, write = 1u << MODE_W;
  for (guint k = 0; k < rf_net_n_rwlock_claims (net); k++)
    for (guint t = 0; t < rf_net_n_transitions (net); t++)
      {
        const RfTransition *tr = rf_net_get_transition (net, t);
        gint n = tr->pc_from >= 0 ? node_of_place (prog, net, tr->pc_from) : -1;
        if (n < 0)
          continue;
        guint8 seen = pf->modes[tr->job][n];
        /* pc_to too when the move begins a statement (an access, a wait, a broadcast) */
        gboolean mid = tr->pc_to >= 0 && rf_net_get_place (net, tr->pc_to)->activity;
        guint places[2] = { tr->pc_from, mid ? (guint) tr->pc_to : (guint) tr->pc_from };
        for (guint i = 0; i < 2; i++)
          {
            RfHold h = rf_net_get_rwlock_hold (net, k, places[i]);
            if ((h == RF_HOLD_WRITE && (seen & ~write)) || (h == RF_HOLD_READ && (seen & ~read)))
              {
                g_string_append_printf (why, "place %s claimed %s, modes seen at node %d: 0x%x\n",
                                        rf_net_get_place (net, places[i])->name,
                                        h == RF_HOLD_WRITE ? "write" : "read", n, seen);
                return "an rwlock claim the program breaks";
              }
          }
      }
  return NULL;
}

static gboolean
has_rwlock (const RfProgram *prog)
{
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    if (rf_program_get_var (prog, v)->kind == RF_VAR_RWLOCK)
      return TRUE;
  return FALSE;
}

/* The program has a joinall: the net may pass it while threads of its job type still
 * run (emptying their places), where the program waits; so the net may have races
 * and edges the program does not, never fewer. */
static gboolean
has_joinall (const RfProgram *prog)
{
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      for (guint i = 0; i < job->edges->len; i++)
        if (g_array_index (job->edges, RfEdge, i).op == RF_OP_JOINALL)
          return TRUE;
    }
  return FALSE;
}

static gboolean
has_joinall_sem (const RfProgram *prog)
{
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      for (guint i = 0; i < job->edges->len; i++)
        if (g_array_index (job->edges, RfEdge, i).op == RF_OP_JOINALL && g_array_index (job->edges, RfEdge, i).arg2 >= 0)
          return TRUE;
    }
  return FALSE;
}

/* The net builder edge by edge: for every non-skip edge, the engine decides whether a
 * transition built from it (same job, loc col = edge index + 1) can ever fire; the
 * program search must agree where it decides (it saw the edge taken, or it is
 * complete). NULL when all agree, else why. */
static const char *
edges_problem (const RfProgram *prog, const RfNet *net, const ProgFacts *pf, Counts *c,
               GString *why)
{
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      for (guint i = 0; i < job->edges->len; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if (e->op == RF_OP_SKIP)
            continue;
          g_autoptr (GPtrArray) targets =
            g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
          for (guint t = 0; t < rf_net_n_transitions (net); t++)
            {
              const RfTransition *tr = rf_net_get_transition (net, t);
              if (tr->job == (gint) j && tr->loc.line == e->from + 1 && tr->loc.col == i + 1)
                g_ptr_array_add (targets, rf_marking_new (tr->pre, tr->n_pre));
            }
          gboolean taken = FALSE;
          const char *bad = NULL;
          if (targets->len > 0)
            {
              g_autoptr (RfCoverResult) r = run_engine (net, targets, FALSE);
              if (r->verdict == RF_COVER_UNKNOWN)
                {
                  c->edge_unknown++;
                  continue;
                }
              if (r->verdict == RF_COVER_UNSAFE)
                {
                  taken = TRUE;
                  bad = witness_problem (net, targets, r, why);
                }
            }
          c->edge_queries++;
          c->edge_decided += pf->enabled[j][i] || !pf->cut;
          c->edge_taken += taken;
          if (bad == NULL && pf->enabled[j][i] && !taken)
            bad = "the program takes an edge the net never lets fire";
          else if (bad == NULL && !pf->enabled[j][i] && !pf->cut && taken)
            {
              /* with an rwlock the net lets writers in among readers, past a joinall
               * it lets threads on: more edges */
              if (has_rwlock (prog))
                c->rw_extra_edges++;
              else if (has_joinall (prog))
                c->ja_extra_edges++;
              else
                bad = "the net fires an edge the program never takes";
            }
          if (bad)
            {
              g_autofree char *text = rf_program_edge_to_string (prog, e);
              g_string_append_printf (why, "edge %s %u -> %u: %s: net %s, program %s%s\n",
                                      job->name, e->from, e->to, text,
                                      taken ? "fires it" : "never fires it",
                                      pf->enabled[j][i] ? "takes it" : "never takes it",
                                      pf->cut ? " (search cut)" : "");
              return bad;
            }
        }
    }
  return NULL;
}

/* One program: every data var through engine (with and without invariants), oracle and
 * rf_race_check. Returns FALSE on a disagreement (after printing the case). */
static gboolean
program_case (guint case_no, Counts *c)
{
  g_autoptr (RfProgram) prog = random_program (case_no);
  g_autoptr (RfNet) net = rf_netbuild (prog);
  g_autoptr (RfNet) bare = net_copy_without_invariants (net);
  g_autoptr (GPtrArray) invs = rf_net_check_invariants (net);
  g_autoptr (GPtrArray) bare_invs = rf_net_check_invariants (bare);
  g_autoptr (ProgFacts) pf = program_search (prog);
  g_autoptr (GString) why = g_string_new (NULL);
  const char *bad = NULL;
  const char *note = NULL;   /* worth printing, not a failure */
  guint n_locks = 0;

  c->programs++;
  /* an rwlock's writer place gets a lock invariant too */
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    n_locks += rf_program_get_var (prog, v)->kind == RF_VAR_LOCK
               || rf_program_get_var (prog, v)->kind == RF_VAR_RWLOCK;
  c->rw_programs += has_rwlock (prog);
  c->ja_programs += has_joinall (prog);
  c->ja_sem_programs += has_joinall_sem (prog);
  c->rw_claims += rf_net_n_rwlock_claims (net) > 0;
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      for (guint i = 0; i < job->edges->len; i++)
        c->op_used[g_array_index (job->edges, RfEdge, i).op]++;
    }
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    if (has_skip_cycle (rf_program_get_job (prog, j)))
      {
        c->skip_cycles++;
        break;
      }
  c->locks += n_locks;
  c->inv_accepted += invs->len;
  for (guint k = 0; k < invs->len; k++)
    c->inv_at_most += ((const RfInvariant *) g_ptr_array_index (invs, k))->at_most;
  c->inv_not_claimed += n_locks - rf_net_n_invariants (net);
  c->inv_claim_wrong += rf_net_n_invariants (net) - invs->len;
  c->prog_states += pf->n_states;
  c->places += rf_net_n_places (net);
  c->transitions += rf_net_n_transitions (net);
  if (invs->len > n_locks || rf_net_n_invariants (net) > n_locks)
    bad = "more invariants than locks";
  if (bare_invs->len != 0 || rf_net_n_invariants (bare) != 0)
    bad = "the copy of the net has invariants";
  if (bad == NULL)
    bad = invariants_problem (net, invs);
  if (bad == NULL)
    bad = claims_problem (prog, net, pf, why);

  RfCoverBudget budget = { .max_markings = ENGINE_MAX_MARKINGS, .timeout_s = ENGINE_TIMEOUT_S };
  g_autoptr (GPtrArray) verdicts = rf_race_check (prog, net, &budget, TRUE);
  guint vi = 0;

  for (guint v = 0; v < rf_program_n_vars (prog) && bad == NULL; v++)
    {
      const RfVar *var = rf_program_get_var (prog, v);
      if (var->kind != RF_VAR_DATA)
        continue;
      c->queries++;
      g_autoptr (GPtrArray) targets = rf_race_targets (net, v);
      g_autoptr (RfCoverResult) r = run_engine (net, targets, FALSE);
      g_autoptr (RfCoverResult) rk = run_engine (net, targets, TRUE);
      g_autoptr (RfCoverResult) rb = run_engine (bare, targets, TRUE);
      g_autoptr (OracleResult) o = oracle_run (net, NULL, targets, ORACLE_BOUND, ORACLE_MAX_STATES);
      gint p = pf->race[v] ? TRUE : pf->cut ? -1 : FALSE;
      const RfRaceVerdict *rv = vi < verdicts->len ? g_ptr_array_index (verdicts, vi) : NULL;
      vi++;
      c->pruned += rk->stats.pruned;
      c->inv_helped += rk->verdict != RF_COVER_UNKNOWN && rb->stats.conf > rk->stats.conf;
      c->certified += rk->verdict == RF_COVER_SAFE;
      for (guint k = 0; rv && k < RF_RACE_PROOF_KINDS; k++)
        c->quick[k] += (rv->proof & (1u << k)) != 0;
      c->oracle_states += o->n_states;
      c->prog_decided += p >= 0;

      if (r->verdict == RF_COVER_UNKNOWN)
        {
          c->engine_unknown++;
          note = "the engine ran out of its budget";
          g_string_append_printf (why, "var %s: engine unknown (%" G_GUINT64_FORMAT
                                  " markings kept), oracle %s\n", var->name, r->stats.kept,
                                  oracle_verdict_to_string (o->verdict));
          continue;
        }
      gboolean k_known = rk->verdict != RF_COVER_UNKNOWN, b_known = rb->verdict != RF_COVER_UNKNOWN;
      if (rk->stats.pruned > 0 && invs->len == 0)
        bad = "engine pruned without an invariant";
      else if (rb->stats.pruned > 0)
        bad = "engine pruned on the net without invariants";
      else if (k_known && b_known && rk->verdict != rb->verdict)
        bad = "invariant pruning changed the verdict";
      else if (k_known && rk->verdict != r->verdict)
        bad = "the backward search alone disagrees with the engine";
      else if (b_known && rb->verdict != r->verdict)
        bad = "the backward search without invariants disagrees with the engine";
      else if (r->verdict == RF_COVER_UNSAFE && (bad = witness_problem (net, targets, r, why)))
        ;
      else if (rk->verdict == RF_COVER_UNSAFE && (bad = witness_problem (net, targets, rk, why)))
        ;
      else if (rb->verdict == RF_COVER_UNSAFE && (bad = witness_problem (bare, targets, rb, why)))
        ;
      else if (r->witness && (bad = path_problem (net, invs, r->witness->steps)))
        ;
      else if (rk->witness && (bad = path_problem (net, invs, rk->witness->steps)))
        ;
      else if (rb->witness && (bad = path_problem (net, invs, rb->witness->steps)))
        ;
      else if (rk->verdict == RF_COVER_SAFE && (bad = certificate_problem (net, var->name, rk, why)))
        ;
      else if (o->steps && (bad = path_problem (net, invs, o->steps)))
        ;
      else if ((r->verdict != RF_COVER_UNSAFE && r->witness)
               || (rk->verdict != RF_COVER_UNSAFE && rk->witness)
               || (rb->verdict != RF_COVER_UNSAFE && rb->witness))
        bad = "a witness without a race";
      else if (o->verdict == ORACLE_COVERED && r->verdict != RF_COVER_UNSAFE)
        bad = "engine race-free, oracle found a race";
      else if (o->verdict == ORACLE_NOT_COVERED && r->verdict != RF_COVER_SAFE)
        bad = "engine race, oracle proved race-free";
      else if (o->verdict == ORACLE_COVERED && !o->cut
               && (r->witness->steps->len < o->steps->len
                   || (rk->witness && rk->witness->steps->len < o->steps->len)
                   || (rb->witness && rb->witness->steps->len < o->steps->len)))
        bad = "engine witness shorter than the oracle's shortest";
      else if (p == TRUE && r->verdict != RF_COVER_UNSAFE)
        bad = "the program races and the net does not (unsound)";
      else if (p == FALSE && r->verdict != RF_COVER_SAFE && !has_rwlock (prog) && !has_joinall (prog))
        bad = "the net's verdict differs from the program's own semantics";
      else if (rv == NULL || rv->var != v)
        bad = "rf_race_check gave no verdict for the var";
      else if (rv->result->verdict != r->verdict)
        bad = "rf_race_check's verdict differs from rf_cover_run's";
      else if ((rv->interleaving != NULL) != (r->verdict == RF_COVER_UNSAFE))
        bad = "rf_race_check: an interleaving without a race or a race without one";
      else if (rv->interleaving && rv->interleaving->steps->len != rv->result->witness->steps->len)
        bad = "rf_race_check: interleaving and witness lengths differ";
      else if (rv->interleaving && !rf_witness_replay (net, rv->result->witness, rv->target, NULL))
        bad = "rf_race_check: its witness does not replay on the whole net";
      else if ((rv->result->verdict == RF_COVER_UNSAFE || rv->proof == RF_RACE_PROOF_SEARCH)
               && rv->focus_places == 0)
        bad = "rf_race_check: a search not on the focused net (its race not carried over)";

      if (bad == NULL && p >= 0 && has_joinall (prog) && !has_rwlock (prog))
        {
          c->ja_decided++;
          if (p == FALSE && r->verdict == RF_COVER_UNSAFE)
            {
              c->ja_extra_races++;
              note = "the net has a race the program with a joinall does not";
            }
        }
      if (bad == NULL && p >= 0 && has_rwlock (prog))
        {
          c->rw_decided++;
          if (p == FALSE && r->verdict == RF_COVER_UNSAFE)
            {
              c->rw_extra_races++;
              note = "the net has a race the program with an rwlock does not";
            }
        }
      if (bad == NULL && !k_known)
        {
          c->backward_unknown++;
          note = "the backward search ran out of its budget";
        }
      else if (bad == NULL && !b_known)
        {
          c->bare_unknown++;
          note = "the backward search without invariants ran out of its budget";
        }
      if (bad == NULL)
        {
          if (o->verdict == ORACLE_INCONCLUSIVE)
            {
              c->inconclusive++;
              c->inconclusive_cap += o->n_states >= ORACLE_MAX_STATES;
            }
          else
            {
              c->decided++;
              if (o->verdict == ORACLE_COVERED)
                c->races++;
              else
                c->race_free++;
            }
        }
      if (bad || note || config.verbose)
        {
          g_string_append_printf (why, "var %s: engine %s, backward search %s (pruned %"
                                  G_GUINT64_FORMAT ", kept %" G_GUINT64_FORMAT "), without"
                                  " invariants %s (kept %" G_GUINT64_FORMAT "), oracle %s (%"
                                  G_GUINT64_FORMAT " states%s), program %s (%"
                                  G_GUINT64_FORMAT " states)\n",
                                  var->name, rf_cover_verdict_to_string (r->verdict),
                                  rf_cover_verdict_to_string (rk->verdict), rk->stats.pruned,
                                  rk->stats.kept, rf_cover_verdict_to_string (rb->verdict),
                                  rb->stats.kept,
                                  oracle_verdict_to_string (o->verdict), o->n_states,
                                  o->cut ? ", cut" : "",
                                  p < 0 ? "inconclusive" : p ? "race" : "race-free", pf->n_states);
          if (r->witness)
            append_steps (why, "engine witness", r->witness->steps);
          if (rk->witness)
            append_steps (why, "backward witness", rk->witness->steps);
          if (rb->witness)
            append_steps (why, "backward witness without invariants", rb->witness->steps);
          if (o->steps)
            append_steps (why, "oracle path", o->steps);
        }
    }

  if (bad == NULL)
    bad = edges_problem (prog, net, pf, c, why);

  if (bad || note || config.verbose)
    {
      g_autoptr (GString) s = g_string_new (NULL);
      g_string_append_printf (s, "=== %s%s: program %u (seed %u)\n", bad ? "" : note ? "note: " : "",
                              bad ? bad : note ? note : "ok", case_no, config.seed);
      append_program (s, prog);
      g_string_append_printf (s, "locks %u, invariant claims %u, accepted %u\n", n_locks,
                              rf_net_n_invariants (net), invs->len);
      if (bad)
        append_net (s, net);
      else
        g_string_append_printf (s, "net: %u places, %u transitions\n", rf_net_n_places (net),
                                rf_net_n_transitions (net));
      g_string_append (s, why->str);
      g_string_append_printf (s, "reproduce: RF_SEED=%u RF_FIRST=%u RF_CASES=1 "
                              "tests/test-random-programs\n", config.seed, case_no);
      fputs (s->str, stderr);
    }
  if (bad)
    c->disagreements++;
  return bad == NULL;
}

static void
test_random_programs (void **state)
{
  Counts c = { 0 };
  for (guint i = 0; i < config.cases; i++)
    program_case (config.first + i, &c);

  printf ("random-programs: %u programs, %u queries, %u decided (%u races, %u race-free), "
          "%u inconclusive, lock invariants accepted %u (%u of them upper bounds) / refused %u, %u disagreements\n",
          c.programs, c.queries, c.decided, c.races, c.race_free, c.inconclusive,
          c.inv_accepted, c.inv_at_most, c.locks - c.inv_accepted, c.disagreements);
  printf ("random-programs: [seed %u] engine: unknown %u, backward search alone unknown %u,"
          " without invariants unknown %u; invariants shrank %u backward searches (%"
          G_GUINT64_FORMAT " predecessors pruned); refused invariants: %u never claimed, %u"
          " claimed but failing the check; oracle: %" G_GUINT64_FORMAT " states, %u"
          " inconclusive at its state cap\n",
          config.seed, c.engine_unknown, c.backward_unknown, c.bare_unknown, c.inv_helped,
          c.pruned, c.inv_not_claimed, c.inv_claim_wrong, c.oracle_states, c.inconclusive_cap);
  printf ("random-programs: [seed %u] program-level search: %" G_GUINT64_FORMAT " states,"
          " decided %u race queries and %u / %u edge queries (%u edges taken, %u left unknown"
          " by the engine); nets: %.1f places, %.1f transitions on average; %u programs with a"
          " skip cycle; edges: skip %u read %u write %u acquire %u release %u wait %u"
          " signal %u broadcast %u create %u post %u take %u rdlock %u wrlock %u unlock %u"
          " joinall %u\n",
          config.seed, c.prog_states, c.prog_decided, c.edge_decided, c.edge_queries,
          c.edge_taken, c.edge_unknown,
          c.programs ? (double) c.places / c.programs : 0.0,
          c.programs ? (double) c.transitions / c.programs : 0.0, c.skip_cycles,
          c.op_used[RF_OP_SKIP], c.op_used[RF_OP_READ], c.op_used[RF_OP_WRITE],
          c.op_used[RF_OP_ACQUIRE], c.op_used[RF_OP_RELEASE], c.op_used[RF_OP_WAIT],
          c.op_used[RF_OP_SIGNAL], c.op_used[RF_OP_BROADCAST], c.op_used[RF_OP_CREATE],
          c.op_used[RF_OP_POST], c.op_used[RF_OP_TAKE], c.op_used[RF_OP_RDLOCK],
          c.op_used[RF_OP_WRLOCK], c.op_used[RF_OP_RWUNLOCK], c.op_used[RF_OP_JOINALL]);
  printf ("random-programs: [seed %u] joinall: %u programs (%u on a semaphore); %u race queries decided by"
          " the program search, %u of them races only in the net; %u edges only the net takes\n", config.seed,
          c.ja_programs, c.ja_sem_programs, c.ja_decided, c.ja_extra_races, c.ja_extra_edges);
  printf ("random-programs: [seed %u] rwlocks: %u programs, %u with claims; %u race queries"
          " decided by the program search, %u of them races only in the net; %u edges only"
          " the net takes; %u certificates checked\n", config.seed, c.rw_programs, c.rw_claims,
          c.rw_decided, c.rw_extra_races, c.rw_extra_edges, c.certified);
  printf ("random-programs: [seed %u] race-free verdicts of rf_race_check by argument: search %u, read-only %u,"
          " one-thread %u, alone %u, lock %u, rwlock %u\n", config.seed, c.quick[0], c.quick[1], c.quick[2],
          c.quick[3], c.quick[4], c.quick[5]);
  fflush (stdout);

  assert_int_equal (c.disagreements, 0);
  if (config.cases >= DEFAULT_CASES)
    assert_true (c.decided >= MIN_DECIDED);
  if (config.cases >= 100)
    {
      /* both verdicts common, the oracle mostly decisive, invariants both ways */
      assert_true (c.races * 100 >= c.decided * 15);
      assert_true (c.race_free * 100 >= c.decided * 15);
      assert_true (c.inconclusive * 100 <= c.queries * 15);
      assert_true (c.engine_unknown * 100 <= c.queries);
      assert_true (c.locks > c.inv_accepted);
      assert_true (c.inv_accepted * 2 >= c.locks);
      /* every op but RF_OP_VALUE: random_program makes no value variables (yet: the
       * program search would need a slot for each value variable's value) */
      for (guint op = RF_OP_SKIP; op <= RF_OP_JOINALL; op++)
        assert_true (op == RF_OP_VALUE || c.op_used[op] > 0);
      assert_true (c.ja_decided > 0);
      assert_true (c.inv_at_most > 0);
      assert_true (c.ja_sem_programs > 0);
      assert_true (c.skip_cycles > 0);
      /* rwlocks: claims made, and the readers the net does not count rarely matter */
      assert_true (c.rw_claims > 0);
      assert_true (c.rw_decided > 0);
      assert_true (c.rw_extra_races * 100 <= c.rw_decided * 5);
      assert_true (c.certified * 100 >= c.race_free * 50);
      /* the quick arguments are tried (and agree with the search: above) */
      for (guint k = 0; k < RF_RACE_PROOF_KINDS; k++)
        assert_true (c.quick[k] > 0);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_random_programs),
  };
  return cmocka_run_group_tests_name ("random-programs", tests, setup_config, NULL);
}
