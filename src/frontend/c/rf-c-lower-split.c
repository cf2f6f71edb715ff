/* rf-c-lower-split: branches correlated by a local that does not change.
 *
 * Approach. Data is abstracted, so each branch goes both ways on its own, and
 *   if (use_lock) pthread_mutex_lock (&m);  ...  if (use_lock) pthread_mutex_unlock (&m);
 * has a run that locks and never unlocks, and one that touches the data unlocked. But
 * when the condition C of a block's `if` is made only of constants and of locals (or
 * parameters) whose address is never taken and that the rest of the block never
 * changes, C has the same truth at every later test of it in the block. The rest of the
 * block is then lowered twice: once where C held, where every later test of C goes the
 * true way, and once where it did not (facts, consulted by lower_cond). Likewise
 * `x = E;` (or `T x = E;`) whose zero-ness the rest of the block tests (`if (x == 0)`,
 * `if (rc)`, `if (!locked)`): E is lowered as a condition (so a trylock's success, or a
 * helper's result, decides), and the rest once where x is 0 and once where it is not.
 * And a value split: a statement that compares such a local x with constants (a
 * `switch (x)`, `x == 2`, `if (x)`), itself or in a function it passes x to, when the
 * rest of the block compares it again: the rest is lowered once per constant k compared
 * (x is k) and once more for every other value, so the two `switch (id)`s of a
 * philosopher's take_forks (id) and put_forks (id) take the same case.
 * Value splits, and tests seen through helpers, are made only in a program inlined
 * whole (helpers_ok): one that shares functions to fit keeps its blocks' own tests.
 * A parameter that its function never assigns, bound to an argument that is such a
 * local, is that local (canon): the callee cannot change the caller's private local.
 * Constants are compared only in [0, INT_MAX], where `x == k` and `case k:` hold exactly
 * when x's value is k whatever the conversions; a cast is looked through only when its
 * type holds every value of its operand's.
 * Each copy keeps exactly the runs of the original where the fact holds, so the copies
 * keep every run. A split happens only when a later condition tests C again and some
 * branch a test of C chooses (or, for `x = E`, E itself) synchronises (a lock, wait,
 * post, atomic operation or value variable: without any, which branches run together
 * changes no race, since every access is reached either way), not in a block that
 * starts or joins threads, directly or through the functions it calls (the plans for
 * join loops are made once per block, rf-c-lower-joinall.c), nor when the rest holds a
 * label (lowering it twice would merge its gotos); a copy may split again while the
 * open splits make at most MAX_COPIES copies of the innermost code. */
#include "rf-c-lower-private.h"

#include <string.h>

/* The most copies of the innermost code the open splits make together (a tuning
 * constant: each binary split doubles what follows, a value split multiplies it by the
 * number of its values + 1). */
#define MAX_COPIES 16
/* The most constants a value split tells apart (a tuning constant). */
#define MAX_SPLIT_VALUES 8

/* Fact: on the path being lowered, condition cond has truth `truth`; or (cond NULL)
 * variable var (canonical: canon) is vals[0] (eq) or none of vals[0..nvals) (!eq).
 * copies: how many copies the split that made it lowers. */
typedef struct {
  CExpr *cond;
  CDecl *var;
  gboolean truth;
  gboolean eq;
  guint nvals;
  gint64 vals[MAX_SPLIT_VALUES];
  guint copies;
} Fact;

/* The program is inlined whole (no function shared to fit, rf-c-lower-share.c): the
 * splits may then look into the functions a block calls and tell values apart. A
 * program too large for that keeps the splits of a block's own tests: copies of what
 * it inlines would cost more lowering than they tell (mt-daapd's model took a share
 * level more, and half as long again, with them). */
static gboolean
helpers_ok (Lower *L)
{
  return g_hash_table_size (L->pre.shared) == 0;
}

/* D is a local (or parameter) no pointer reaches: only its own statements change it. */
static gboolean
private_local (Lower *L, CDecl *d)
{
  return d && (d->kind == C_DECL_VAR || d->kind == C_DECL_PARAM) && !c_is_static_object (d) && !d->thread_local
         && !g_hash_table_contains (L->pre.escaped, d);
}

/* Converting a value of type FROM to type TO keeps whether it equals each constant in
 * [0, INT_MAX]: TO holds every FROM value, or TO is 32 bits wide or more and at least as
 * wide as FROM (a value outside [0, INT_MAX] then stays outside it); an enumeration is
 * at most 32 bits wide. */
static gboolean
keeps_tests (Lower *L, CType *to, CType *from)
{
  if (lower_int_preserves (L, to, from))
    return TRUE;
  CType *f = strip (L, from);
  guint tb, fb;
  gboolean ts, fs;
  if (f && f->kind == C_TYPE_ENUM)
    fb = 32;
  else if (f && f->kind == C_TYPE_BASIC && f->basic == C_BASIC_BOOL)
    fb = 1;
  else if (!lower_int_width (L, from, &fb, &fs))
    return FALSE;
  return lower_int_width (L, to, &tb, &ts) && tb >= fb && tb >= 32;
}

/* E without __extension__ and the casts that keep its value: whose type holds every
 * value of their operand's; or (TESTS) that keep its tests against constants in
 * [0, INT_MAX] (keeps_tests). */
static CExpr *
peel_cast (Lower *L, CExpr *e, gboolean tests)
{
  while (e && ((e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION)
               || (e->kind == C_EXPR_CAST && e->a && e->type
                   && (tests ? keeps_tests (L, e->type, type_of (L, e->a))
                             : lower_int_preserves (L, e->type, type_of (L, e->a))))))
    e = e->a;
  return e;
}

#define peel_value(L, e) peel_cast ((L), (e), FALSE)
#define peel_test(L, e) peel_cast ((L), (e), TRUE)

/* Parameter P of a call's callee stands for its argument ARG: P is never assigned nor
 * reached by a pointer, ARG (its value kept by P's type) is a private local's name.
 * Returns that local, or NULL. */
static CDecl *
bound_local (Lower *L, CDecl *p, CExpr *arg)
{
  if (!p || p->kind != C_DECL_PARAM || g_hash_table_contains (L->pre.assigned, p)
      || g_hash_table_contains (L->pre.escaped, p))
    return NULL;
  CExpr *a = peel_test (L, arg);
  if (!a || a->kind != C_EXPR_IDENT || !private_local (L, a->decl) || !p->type
      || !keeps_tests (L, p->type, type_of (L, a)))
    return NULL;
  return a->decl;
}

/* The variable D stands for on the path being lowered: a parameter bound to a private
 * local of the caller (bound_local), inlined, is that local, and so on up the calls. */
static CDecl *
canon (Lower *L, CDecl *d)
{
  for (Frame *f = L->frame; d && d->kind == C_DECL_PARAM && f; f = f->up)
    if (f->args && g_hash_table_contains (f->args, d))
      {
        CDecl *x = g_hash_table_contains (L->pre.recursive, f->fn) ? NULL
                                                                    : bound_local (L, d, g_hash_table_lookup (f->args, d));
        if (!x)
          return d;
        d = x;
      }
  return d;
}

/* A and B are the same condition: the same tree of operators, constants and variables. */
static gboolean
same_cond (Lower *L, CExpr *a, CExpr *b)
{
  a = peel_value (L, a), b = peel_value (L, b);
  if (!a || !b)
    return a == b;
  gint64 x, y;
  if (c_const_int (a, &x) && c_const_int (b, &y))
    return x == y;
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case C_EXPR_IDENT:
      return a->decl && canon (L, a->decl) == canon (L, b->decl);
    case C_EXPR_MEMBER:
      return !a->arrow && !b->arrow && g_strcmp0 (a->text, b->text) == 0 && same_cond (L, a->a, b->a);
    case C_EXPR_UNARY:
      return a->op == b->op && same_cond (L, a->a, b->a);
    case C_EXPR_BINARY:
      return a->op == b->op && same_cond (L, a->a, b->a) && same_cond (L, a->b, b->b);
    default:
      return FALSE;
    }
}

/* E without its leading `!`s; *NEG flips with each. */
static CExpr *
strip_not (Lower *L, CExpr *e, gboolean *neg)
{
  e = peel_value (L, e);
  while (e && e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    {
      *neg = !*neg;
      e = peel_value (L, e->a);
    }
  return e;
}

/* C is a constant a value split compares: in [0, INT_MAX] (*K). */
static gboolean
split_const (CExpr *c, gint64 *k)
{
  return c_const_int (c, k) && *k >= 0 && *k <= G_MAXINT32;
}

/* The variable E compares with a constant (`x`, `x == k`, `x != k`, `k == x`): E holds
 * exactly when x is *K (*EQ) or when it is not (!*EQ); `x` alone is `x != 0`. */
static CDecl *
value_test (Lower *L, CExpr *e, gint64 *k, gboolean *eq)
{
  e = peel_test (L, e);
  if (e && e->kind == C_EXPR_IDENT && e->decl)
    return (*k = 0), (*eq = FALSE), e->decl;
  if (!e || e->kind != C_EXPR_BINARY || (e->op != C_OP_EQ && e->op != C_OP_NE))
    return NULL;
  CExpr *x = split_const (e->b, k) ? peel_test (L, e->a) : split_const (e->a, k) ? peel_test (L, e->b) : NULL;
  if (!x || x->kind != C_EXPR_IDENT || !x->decl)
    return NULL;
  *eq = e->op == C_OP_EQ;
  return x->decl;
}

/* The fact of the path being lowered on variable X (canonical), or NULL. */
static const Fact *
fact_on (Lower *L, CDecl *x)
{
  for (guint i = L->facts ? L->facts->len : 0; x && i-- > 0;)
    if (g_array_index (L->facts, Fact, i).var == x)
      return &g_array_index (L->facts, Fact, i);
  return NULL;
}

/* Under fact F, is the variable K (*IS)? FALSE when F does not tell. */
static gboolean
fact_is (const Fact *f, gint64 k, gboolean *is)
{
  if (f->eq)
    return (*is = f->vals[0] == k), TRUE;
  for (guint i = 0; i < f->nvals; i++)
    if (f->vals[i] == k)
      return (*is = FALSE), TRUE;
  return FALSE;
}

gboolean
lower_split_decides (Lower *L, CExpr *e, gboolean *truth)
{
  if (!L->facts || L->facts->len == 0)
    return FALSE;
  gint64 k;
  gboolean eq, is;
  CDecl *x = value_test (L, e, &k, &eq);
  const Fact *vf = x ? fact_on (L, canon (L, x)) : NULL;
  if (vf && fact_is (vf, k, &is))
    return (*truth = is == eq), TRUE;
  for (guint i = L->facts->len; i-- > 0;)
    {
      const Fact *f = &g_array_index (L->facts, Fact, i);
      if (f->cond && same_cond (L, f->cond, e))
        return (*truth = f->truth), TRUE;
    }
  return FALSE;
}

/* The value of every case label of CASES in [0, INT_MAX], else FALSE; *DEF: the default
 * label or NULL. */
static gboolean
case_values (GPtrArray *cases, CStmt **def)
{
  *def = NULL;
  for (guint i = 0; i < cases->len; i++)
    {
      CStmt *c = g_ptr_array_index (cases, i);
      gint64 k;
      if (c->kind == C_STMT_DEFAULT)
        *def = c;
      else if (!split_const (c->expr, &k) || c->expr2)
        return FALSE;
    }
  return TRUE;
}

gboolean
lower_split_switch (Lower *L, CExpr *e, GPtrArray *cases, GHashTable *nodes, guint out)
{
  CExpr *x = peel_test (L, e);
  const Fact *f = x && x->kind == C_EXPR_IDENT && x->decl ? fact_on (L, canon (L, x->decl)) : NULL;
  CStmt *def, *to = NULL;
  if (!f || !case_values (cases, &def))
    return FALSE;
  for (guint i = 0; i < cases->len && !to; i++)
    {
      CStmt *c = g_ptr_array_index (cases, i);
      gint64 k;
      gboolean is;
      if (c->kind != C_STMT_CASE)
        continue;
      split_const (c->expr, &k);
      if (!fact_is (f, k, &is))
        return FALSE;  /* F does not tell whether x is k */
      if (is)
        to = c;
    }
  to = to ? to : def;
  guint n = to ? GPOINTER_TO_UINT (g_hash_table_lookup (nodes, to)) - 1 : out;
  lower_edge (L, L->cur, n, RF_OP_SKIP, -1, -1, e->loc, to == def ? (def ? "default (as before)" : "no case (as before)")
                                                                   : "case (as before)");
  return TRUE;
}

/* Tests: what a walk found of the tests of a variable: how many, the constants compared
 * (too_many: more than MAX_SPLIT_VALUES, or a case label that is none), whether a
 * branch a test chooses synchronises, whether a call starts or joins threads. */
typedef struct {
  guint found;
  guint zeros;      /* the tests among them of whether it is 0 (no switch) */
  guint nvals;
  gint64 vals[MAX_SPLIT_VALUES];
  gboolean too_many;
  gboolean sync;
  gboolean threads;
} Tests;

/* Search: a walk of the rest of a block for conditions that test cond, or compare a
 * variable of alias with constants (alias: the variable and the parameters of called
 * functions bound to it; NULL: none), and for a call that starts or joins threads,
 * directly or through the functions it calls (seen: the functions looked into). */
typedef struct {
  Lower *L;
  CExpr *cond;
  GPtrArray *alias;
  Tests t;          /* t.sync: a branch a test of cond leads to synchronises (a lock,
                     * wait, post or atomic operation, a value variable:
                     * rf-c-lower-values.c), directly or in a function it calls */
  GHashTable *seen;
  gboolean counting;/* the walk is in such a branch: it counts synchronisations */
  gboolean threads; /* the walk looks for calls that start or join threads (else it
                     * looks into called functions only to count synchronisations, or
                     * through the parameters bound to the variable) */
} Search;

static gboolean syncs (Lower *L, CStmt *st, CExpr *e);

/* NAME's effect is a synchronisation the branches of a split could tell apart. */
static gboolean
sync_call (const char *name)
{
  switch (lower_effect_of (name))
    {
    case RF_C_LIBC_LOCK: case RF_C_LIBC_UNLOCK: case RF_C_LIBC_TRYLOCK: case RF_C_LIBC_RDLOCK:
    case RF_C_LIBC_WRLOCK: case RF_C_LIBC_RWUNLOCK: case RF_C_LIBC_TRY_RDLOCK: case RF_C_LIBC_TRY_WRLOCK:
    case RF_C_LIBC_WAIT: case RF_C_LIBC_SIGNAL: case RF_C_LIBC_BROADCAST: case RF_C_LIBC_SEM_INIT:
    case RF_C_LIBC_SEM_POST: case RF_C_LIBC_SEM_WAIT: case RF_C_LIBC_SEM_TRYWAIT: case RF_C_LIBC_ONCE:
    case RF_C_LIBC_ATOMIC_LOAD: case RF_C_LIBC_ATOMIC_LOAD_GENERIC: case RF_C_LIBC_ATOMIC_STORE:
    case RF_C_LIBC_ATOMIC_STORE_GENERIC: case RF_C_LIBC_ATOMIC_RMW: case RF_C_LIBC_ATOMIC_BEGIN:
    case RF_C_LIBC_ATOMIC_END: case RF_C_LIBC_ASSUME: case RF_C_LIBC_NOSYNC:
      return TRUE;
    default:
      return g_str_has_prefix (name, "pthread_barrier") || g_str_has_prefix (name, "__VERIFIER_atomic_");
    }
}

/* T saw constant K compared. */
static void
add_val (Tests *t, gint64 k)
{
  for (guint i = 0; i < t->nvals; i++)
    if (t->vals[i] == k)
      return;
  if (t->nvals == MAX_SPLIT_VALUES)
    t->too_many = TRUE;
  else
    t->vals[t->nvals++] = k;
}

/* T also saw what U saw. */
static void
add_tests (Tests *t, const Tests *u)
{
  t->found += u->found;
  t->zeros += u->zeros;
  for (guint i = 0; i < u->nvals; i++)
    add_val (t, u->vals[i]);
  t->too_many |= u->too_many;
  t->sync |= u->sync;
  t->threads |= u->threads;
}

static const Tests *param_tests (Lower *L, CDecl *fn, CDecl *p);
static void search_cond (Search *s, CExpr *e);

static CVisitResult
search_expr (CExpr *e, gpointer data)
{
  Search *s = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (n && (strcmp (n, "pthread_create") == 0 || strcmp (n, "pthread_join") == 0))
    {
      s->t.threads = TRUE;
      return C_VISIT_STOP;
    }
  if (s->counting && n && sync_call (n))
    s->t.sync = TRUE;
  if (s->counting && e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_VAR
      && lower_value_dom (s->L, e->decl))
    s->t.sync = TRUE;
  CDecl *fn = n ? lower_func_def (s->L, n) : NULL;
  if (fn && fn->body && (s->counting || s->threads) && !g_hash_table_contains (s->seen, fn))
    {
      g_hash_table_add (s->seen, fn);
      Search inner = { s->L, NULL, NULL, { 0 }, s->seen, s->counting, s->threads };
      CVisitor v = { .expr = search_expr, .data = &inner };
      c_visit_stmt (&v, fn->body);
      s->t.sync |= inner.t.sync;
      s->t.threads |= inner.t.threads;
    }
  /* the tests of a parameter bound to the variable: the callee's, once per parameter */
  for (guint i = 0; fn && fn->body && s->alias && helpers_ok (s->L) && fn->params && e->args && i < fn->params->len
                  && i < e->args->len; i++)
    {
      CDecl *p = g_ptr_array_index (fn->params, i), *x = bound_local (s->L, p, g_ptr_array_index (e->args, i));
      if (x && g_ptr_array_find (s->alias, x, NULL) && !g_hash_table_contains (s->L->pre.recursive, fn))
        add_tests (&s->t, param_tests (s->L, fn, p));
    }
  if (s->t.threads)
    return C_VISIT_STOP;
  if (e->kind == C_EXPR_BINARY && (e->op == C_OP_AND || e->op == C_OP_OR))
    search_cond (s, e->a), search_cond (s, e->b);
  else if (e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    search_cond (s, e->a);
  else if (e->kind == C_EXPR_COND)
    search_cond (s, e->a);
  return C_VISIT_CONTINUE;
}

/* E is a condition: it tests cond, or compares a variable of alias with a constant. */
static void
search_cond (Search *s, CExpr *e)
{
  gboolean neg = FALSE, eq;
  gint64 k;
  CExpr *p = strip_not (s->L, e, &neg);
  CDecl *x = p && s->alias ? value_test (s->L, p, &k, &eq) : NULL;
  if (p && s->cond && same_cond (s->L, p, s->cond))
    s->t.found++;
  else if (x && g_ptr_array_find (s->alias, x, NULL))
    s->t.found++, s->t.zeros += k == 0, add_val (&s->t, k);
}

static CVisitResult
search_stmt (CStmt *st, gpointer data)
{
  Search *s = data;
  guint before = s->t.found;
  if (st->kind == C_STMT_IF || st->kind == C_STMT_WHILE || st->kind == C_STMT_DO || st->kind == C_STMT_FOR)
    search_cond (s, st->expr);
  CExpr *x = st->kind == C_STMT_SWITCH && s->alias ? peel_test (s->L, st->expr) : NULL;
  if (x && x->kind == C_EXPR_IDENT && g_ptr_array_find (s->alias, x->decl, NULL))
    {
      /* a switch on the variable compares it with each case label */
      g_autoptr (GPtrArray) cases = g_ptr_array_new ();
      lower_switch_cases (st->body, cases);
      for (guint i = 0; i < cases->len; i++)
        {
          CStmt *c = g_ptr_array_index (cases, i);
          gint64 k;
          if (c->kind == C_STMT_CASE && split_const (c->expr, &k) && !c->expr2)
            add_val (&s->t, k);
          else if (c->kind == C_STMT_CASE)
            s->t.too_many = TRUE;
        }
      s->t.found++;
    }
  /* a test: do the branches it chooses between synchronise? */
  if (s->t.found > before && !s->t.sync)
    s->t.sync = syncs (s->L, st->body, NULL) || syncs (s->L, st->else_body, NULL);
  return C_VISIT_CONTINUE;
}

/* The tests of parameter P in FN's body (and in the functions it passes P to), worked
 * out once per parameter (L->split_params). */
static const Tests *
param_tests (Lower *L, CDecl *fn, CDecl *p)
{
  Tests *t = g_hash_table_lookup (L->split_params, p);
  if (t)
    return t;  /* known, or being worked out (a call cycle): what is known so far */
  t = g_new0 (Tests, 1);
  g_hash_table_insert (L->split_params, p, t);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr (GPtrArray) alias = g_ptr_array_new ();
  g_ptr_array_add (alias, p);
  Search s = { L, NULL, alias, { 0 }, seen, FALSE, FALSE };
  CVisitor v = { .stmt = search_stmt, .expr = search_expr, .data = &s };
  c_visit_stmt (&v, fn->body);
  *t = s.t;
  return t;
}

/* Statement ST (or expression E) synchronises, directly or in a function it calls. */
static gboolean
syncs (Lower *L, CStmt *st, CExpr *e)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  Search s = { L, NULL, NULL, { 0 }, seen, TRUE, FALSE };
  CVisitor v = { .expr = search_expr, .data = &s };
  if (st)
    c_visit_stmt (&v, st);
  else if (e)
    c_visit_expr (&v, e);
  return s.t.sync;
}

/* The copies open splits make of the code being lowered. */
static guint
open_copies (Lower *L)
{
  guint n = 1;
  for (guint i = 0; L->facts && i < L->facts->len; i++)
    n *= g_array_index (L->facts, Fact, i).copies;
  return n;
}

/* Lowers ITEMS[FROM..] of BLOCK under FACT, then goes to OUT. */
static void
lower_rest (Lower *L, CStmt *block, guint from, Fact fact, guint out)
{
  g_array_append_val (L->facts, fact);
  for (guint k = from; k < block->items->len; k++)
    {
      if (lower_split_block (L, block, k))
        break;
      lower_stmt (L, g_ptr_array_index (block->items, k));
    }
  g_array_set_size (L->facts, L->facts->len - 1);
  lower_edge (L, L->cur, out, RF_OP_SKIP, -1, -1, block->end, NULL);
}

/* The N copies: copy c from node STARTS[c], statement FIRSTS[c] (or nothing: FIRSTS or
 * its item NULL) and then ITEMS[FROM..] of BLOCK under FACTS[c]; all end at the block's
 * end, with the walk's fresh objects those after every copy. */
static void
lower_copies (Lower *L, CStmt *block, guint from, guint n, const guint *starts, CStmt *const *firsts,
              const Fact *facts)
{
  guint out = lower_node (L, block->end), scope = L->scope_cleanups->len;
  g_autoptr (GHashTable) before = lower_fresh_copy (L->priv.fresh);
  g_autoptr (GHashTable) met = NULL;
  for (guint c = 0; c < n; c++)
    {
      g_ptr_array_set_size (L->scope_cleanups, scope);  /* the cleanup variables before it */
      if (c > 0)
        {
          g_hash_table_unref (L->priv.fresh);
          L->priv.fresh = lower_fresh_copy (before);
        }
      L->cur = starts[c];
      lower_stmt (L, firsts ? firsts[c] : NULL);
      lower_rest (L, block, from, facts[c], out);
      if (met)
        lower_fresh_meet (L, met);
      g_clear_pointer (&met, g_hash_table_unref);
      met = lower_fresh_copy (L->priv.fresh);
    }
  L->cur = out;
}

/* Walks ITEMS[FROM..] of BLOCK with S: TRUE when the region changes none of VARS (nor
 * holds a label) and starts or joins no thread; tests before FIRST_TEST are not counted.
 * FIRST (may be NULL): the tests in ITEMS[FROM], and FALSE at once when there are none. */
static gboolean
region_walk (Search *s, CStmt *block, guint from, guint first_test, GPtrArray *vars, guint *first)
{
  CVisitor v = { .stmt = search_stmt, .expr = search_expr, .data = s };
  for (guint k = from; k < block->items->len; k++)
    {
      CStmt *item = g_ptr_array_index (block->items, k);
      for (guint j = 0; j < vars->len; j++)
        if (lower_stmt_touches (item, g_ptr_array_index (vars, j)))
          return FALSE;
      guint before = s->t.found;
      c_visit_stmt (&v, item);
      if (k < first_test)
        s->t.found = before;
      if (k == from && first && (*first = s->t.found) == 0)
        return FALSE;  /* ITEMS[FROM] tests nothing */
      if (s->t.threads)
        return FALSE;
    }
  return TRUE;
}

/* 1 + the index of BLOCK's last item that starts or joins threads, directly or through
 * the functions it calls (0: none); worked out once per block (L->split_threads), from
 * the last item back, so that a block of n items costs one walk, not n. */
static guint
threads_tail (Lower *L, CStmt *block)
{
  gpointer known;
  if (g_hash_table_lookup_extended (L->split_threads, block, NULL, &known))
    return GPOINTER_TO_UINT (known);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  Search th = { L, NULL, NULL, { 0 }, seen, FALSE, TRUE };
  CVisitor tv = { .expr = search_expr, .data = &th };
  guint tail = block->items->len;
  for (; tail > 0 && !th.t.threads; tail--)
    c_visit_stmt (&tv, g_ptr_array_index (block->items, tail - 1));
  if (th.t.threads)
    tail++;   /* the item that does: tail - 1 after the loop's last step */
  g_hash_table_insert (L->split_threads, block, GUINT_TO_POINTER (tail));
  return tail;
}

/* `if (C) ...` at item I: C of constants and private locals, tested again later. */
static gboolean
split_if (Lower *L, CStmt *block, guint i, CStmt *item)
{
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  gboolean neg = FALSE, truth;
  CExpr *c = strip_not (L, item->expr, &neg);
  if (!c || !lower_value_vars (c, vars) || vars->len == 0 || lower_split_decides (L, c, &truth)
      || open_copies (L) * 2 > MAX_COPIES)
    return FALSE;
  for (guint j = 0; j < vars->len; j++)
    if (!private_local (L, g_ptr_array_index (vars, j)))
      return FALSE;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  Search s = { L, c, NULL, { 0 }, seen, FALSE, FALSE };
  if (!region_walk (&s, block, i, i + 1, vars, NULL) || s.t.found < 1 || !s.t.sync)
    return FALSE;
  guint starts[2] = { lower_node (L, item->body ? item->body->loc : item->loc),
                      lower_node (L, item->else_body ? item->else_body->loc : item->loc) };
  lower_cond (L, item->expr, starts[0], starts[1]);
  CStmt *firsts[2] = { item->body, item->else_body };
  Fact facts[2] = { { .cond = c, .truth = !neg, .copies = 2 }, { .cond = c, .truth = neg, .copies = 2 } };
  lower_copies (L, block, i + 1, 2, starts, firsts, facts);
  return TRUE;
}

/* `x = E;` or `T x = E;` at item I: x is non-zero exactly where E is true (when x's
 * type holds E's value), so E's branches (a trylock's outcome, a helper's result)
 * decide x, which the rest tests. */
static gboolean
split_assign (Lower *L, CStmt *block, guint i, CStmt *item)
{
  CDecl *x = NULL;
  CExpr *val = NULL;
  if (item->kind == C_STMT_EXPR && item->expr && item->expr->kind == C_EXPR_ASSIGN && item->expr->op == C_OP_ASSIGN)
    {
      CExpr *a = c_peel (item->expr->a);
      x = a && a->kind == C_EXPR_IDENT ? a->decl : NULL;
      val = item->expr->b;
    }
  else if (item->kind == C_STMT_DECL && item->items && item->items->len == 1)
    {
      x = g_ptr_array_index (item->items, 0);
      val = x->kind == C_DECL_VAR && x->init ? x->init->expr : NULL;
    }
  CType *xt = x ? strip (L, x->type) : NULL;
  gboolean holds = xt && ((xt->kind == C_TYPE_BASIC && xt->basic == C_BASIC_BOOL)
                          || (lower_int_type (L, xt) && lower_int_preserves (L, xt, type_of (L, val))));
  if (!x || !val || !holds || !private_local (L, x) || open_copies (L) * 2 > MAX_COPIES)
    return FALSE;
  g_autoptr (GPtrArray) vars = g_ptr_array_new ();
  g_ptr_array_add (vars, x);
  /* E that synchronises (a trylock) correlates with one later test of x; else x is
   * only data, and two tests of it are needed for the split to tell anything */
  gboolean e_syncs = syncs (L, NULL, val);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  Search s = { L, NULL, vars, { 0 }, seen, FALSE, FALSE };
  if (!region_walk (&s, block, i + 1, i + 1, vars, NULL) || s.t.zeros < (e_syncs ? 1u : 2u)
      || !(s.t.sync || e_syncs))
    return FALSE;
  guint nz = lower_node (L, item->loc), z = lower_node (L, item->loc), starts[2] = { z, nz };
  lower_cond (L, val, nz, z);
  CDecl *v = canon (L, x);
  Fact facts[2] = { { .var = v, .eq = TRUE, .nvals = 1, .copies = 2 }, { .var = v, .nvals = 1, .copies = 2 } };
  lower_copies (L, block, i + 1, 2, starts, NULL, facts);
  return TRUE;
}

/* Candidates: the private integer locals item I compares with constants or passes to a
 * function (at most MAX_SPLIT_VALUES of them), but a parameter bound to a constant
 * (lower_cond knows its value). */
typedef struct {
  Lower *L;
  GPtrArray *out;
} Cands;

static void
cand_add (Cands *c, CExpr *e)
{
  gint64 k;
  e = peel_test (c->L, e);
  CDecl *d = e && e->kind == C_EXPR_IDENT ? e->decl : NULL;
  CType *t = d ? strip (c->L, d->type) : NULL;
  if (t && private_local (c->L, d) && (lower_int_type (c->L, t) || t->kind == C_TYPE_ENUM
                                       || (t->kind == C_TYPE_BASIC && t->basic == C_BASIC_BOOL))
      && c->out->len < MAX_SPLIT_VALUES && !g_ptr_array_find (c->out, d, NULL) && !lower_value_const1 (c->L, e, &k))
    g_ptr_array_add (c->out, d);
}

static CVisitResult
cand_expr (CExpr *e, gpointer data)
{
  gint64 k;
  gboolean eq;
  Cands *c = data;
  if (e->kind == C_EXPR_CALL)
    for (guint i = 0; e->args && i < e->args->len; i++)
      cand_add (c, g_ptr_array_index (e->args, i));
  else if (value_test (c->L, e, &k, &eq) && e->kind == C_EXPR_BINARY)
    cand_add (c, split_const (e->b, &k) ? e->a : e->b);
  return C_VISIT_CONTINUE;
}

static CVisitResult
cand_stmt (CStmt *s, gpointer data)
{
  if (s->kind == C_STMT_SWITCH || s->kind == C_STMT_IF || s->kind == C_STMT_WHILE || s->kind == C_STMT_DO)
    {
      gboolean neg = FALSE;
      cand_add (data, strip_not (((Cands *) data)->L, s->expr, &neg));
    }
  return C_VISIT_CONTINUE;
}

static CVisitResult
decl_of (CStmt *s, gpointer x)
{
  return s->kind == C_STMT_DECL && s->items && g_ptr_array_find (s->items, x, NULL) ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* X is declared in ITEMS[FROM..] of BLOCK (a loop's local: a new value each time). */
static gboolean
declared_in (CStmt *block, guint from, CDecl *x)
{
  CVisitor v = { .stmt = decl_of, .no_exprs = TRUE, .data = x };
  for (guint k = from; k < block->items->len; k++)
    if (c_visit_stmt (&v, g_ptr_array_index (block->items, k)))
      return TRUE;
  return FALSE;
}

/* A value split at item I: a private integer local x it compares with constants (itself
 * or through a function it passes x to), compared again later in the block. */
static gboolean
split_values (Lower *L, CStmt *block, guint i, CStmt *item)
{
  if (!helpers_ok (L))
    return FALSE;
  g_autoptr (GPtrArray) cands = g_ptr_array_new ();
  Cands c = { L, cands };
  CVisitor cv = { .stmt = cand_stmt, .expr = cand_expr, .data = &c };
  c_visit_stmt (&cv, item);
  for (guint j = 0; j < cands->len; j++)
    {
      CDecl *x = g_ptr_array_index (cands, j), *v = canon (L, x);
      const Fact *outer = fact_on (L, v);
      if ((outer && outer->eq) || declared_in (block, i, x))
        continue;  /* its value is known, or it is declared in the region */
      g_autoptr (GPtrArray) vars = g_ptr_array_new ();
      g_ptr_array_add (vars, x);
      g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
      Search s = { L, NULL, vars, { 0 }, seen, FALSE, FALSE };
      guint first = 0;
      if (!region_walk (&s, block, i, i, vars, &first) || s.t.found < 2 || !s.t.sync || s.t.too_many)
        continue;
      /* the values to tell apart: those tested that an outer split has not ruled out
       * (its values join the last copy's, where x is none of them either) */
      Tests other = { 0 };
      for (guint k = 0; outer && k < outer->nvals; k++)
        add_val (&other, outer->vals[k]);
      guint nk = 0;
      gint64 ks[MAX_SPLIT_VALUES];
      for (guint k = 0; k < s.t.nvals; k++)
        if (!outer || !fact_is (outer, s.t.vals[k], &(gboolean) { FALSE }))
          ks[nk++] = s.t.vals[k], add_val (&other, s.t.vals[k]);
      guint n = nk + 1, starts[MAX_SPLIT_VALUES + 1];
      if (nk == 0 || other.too_many || open_copies (L) * n > MAX_COPIES)
        continue;
      Fact facts[MAX_SPLIT_VALUES + 1];
      for (guint k = 0; k < n; k++)
        {
          Fact f = { .var = v, .eq = k < nk, .nvals = k < nk ? 1 : other.nvals, .copies = n };
          memcpy (f.vals, k < nk ? &ks[k] : other.vals, f.nvals * sizeof (gint64));
          facts[k] = f;
          starts[k] = lower_node (L, item->loc);
          g_autofree char *text = f.eq ? g_strdup_printf ("%s is %" G_GINT64_FORMAT " (as tested later)", x->name, f.vals[0])
                                       : g_strdup_printf ("%s is none of the values tested", x->name);
          lower_edge (L, L->cur, starts[k], RF_OP_SKIP, -1, -1, item->loc, text);
        }
      lower_copies (L, block, i, n, starts, NULL, facts);
      return TRUE;
    }
  return FALSE;
}

gboolean
lower_split_block (Lower *L, CStmt *block, guint i)
{
  if (L->quiet || !L->frame || !block->items || i >= block->items->len)
    return FALSE;
  if (!L->facts)
    L->facts = g_array_new (FALSE, FALSE, sizeof (Fact));
  CStmt *item = g_ptr_array_index (block->items, i);
  if (i < threads_tail (L, block))
    return FALSE;  /* the plans for creates and joins see each statement once */
  if (item->kind == C_STMT_IF)
    return split_if (L, block, i, item) || split_values (L, block, i, item);
  return split_assign (L, block, i, item) || split_values (L, block, i, item);
}
