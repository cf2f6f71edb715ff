/* rf-c-lower-values: shared variables of a small finite domain tracked exactly (value
 * variables of the model, RF_VAR_VALUE).
 *
 * Approach. Data is abstracted, so a branch goes both ways; but a flag, a state or a
 * turn variable that the program only ever sets to constants and tests against
 * constants can be followed exactly: it gets one place per value in the net, each
 * assignment moves its token, and a branch on it goes only the way its value says.
 * The pre-pass (lower_values_scan) looks at the whole program once and keeps a static
 * scalar D (a global or static local of integer, enum or bool type, not extern, not
 * thread-local) as a value variable when
 *   - every change of D is `D = C` with C a constant, or an atomic store, exchange or
 *     compare-and-swap of constants on `&D` (the stdatomic.h calls, the __atomic_* and
 *     __sync_* builtins, and GCC's statement expressions for stdatomic.h's macros);
 *   - its address is taken nowhere else (so no pointer reaches it), nor is it an asm
 *     operand;
 *   - each atomic change of it orders memory (a store release or seq_cst, a
 *     read-modify-write acq_rel or seq_cst), or is made by main before it starts any
 *     thread: a relaxed store, or a __sync_lock_test_and_set (an acquire barrier only),
 *     publishes nothing, so the threads that see its value are given no order; a load
 *     that is not acquire, consume or seq_cst is tested both ways, as data;
 *   - some condition of the program compares it with a constant (value places only
 *     where the program compares the value), and it takes at most RF_VALUE_MAX values
 *     (its initial value and the constants stored);
 *   - some thread changes it while others run: a variable only main sets, before it
 *     starts any thread (pre.stable), has one value while they run, and following it
 *     would only multiply the states of the search.
 * A helper's parameter stands for its arguments (bindings): `set_state (int s) { state
 * = s; }` called only with constants stores those constants, and `spin_lock (int *l)`
 * called only with `&lock` works on lock, when the helper never changes the parameter,
 * its address is never taken, the helper is called by name only and not recursively,
 * and (for a pointer) every use of the parameter is `*l` or the object of an atomic
 * operation or passed on to another such parameter. The lowering then finds the
 * argument through its frames.
 * Its domain is those values. The model is sequentially consistent, which C11 promises
 * only while the variable's own accesses do not race: the value variable's guard is
 * the data variable of D, and the driver forgets a value variable whose guard it does
 * not prove race-free (rf_program_forget_value) before it decides anything else. */
#include "rf-c-lower-private.h"

#include <string.h>

/* ---- the atomic operations on &D ---- */

typedef enum { VOP_LOAD, VOP_STORE, VOP_XCHG, VOP_CAS_BOOL, VOP_CAS_VAL, VOP_CAS_PTR } VopKind;

/* Vop: one atomic operation on a static scalar, *addr being `&D`: its kind, the value
 * it stores (val; NULL with a store: 0, as __sync_lock_release), the value a value
 * compare-and-swap expects (expect), and whether its memory orders order memory. */
typedef struct {
  VopKind kind;
  CExpr *x;         /* the operation's own node (a call, a statement expression) */
  CExpr *addr;
  CDecl *d;
  CExpr *val, *expect;
  gboolean ordered;
} Vop;

/* Memory order classes (GCC's __ATOMIC_* values: relaxed 0, consume 1, acquire 2,
 * release 3, acq_rel 4, seq_cst 5), as bit sets of the orders allowed. */
enum { ORD_LOAD = (1 << 1) | (1 << 2) | (1 << 5), ORD_STORE = (1 << 3) | (1 << 5), ORD_RMW = (1 << 4) | (1 << 5) };

/* AtomicCall: a call on its first argument. val, expect: argument indices (-1: none);
 * order, fail: the indices of its memory orders (-1: seq_cst, or a full barrier). */
typedef struct {
  const char *name;
  VopKind kind;
  gint val, expect, order, fail;
} AtomicCall;

static const AtomicCall atomic_calls[] = {
  { "atomic_load", VOP_LOAD, -1, -1, -1, -1 },
  { "atomic_load_explicit", VOP_LOAD, -1, -1, 1, -1 },
  { "__atomic_load_n", VOP_LOAD, -1, -1, 1, -1 },
  { "__c11_atomic_load", VOP_LOAD, -1, -1, 1, -1 },
  { "atomic_store", VOP_STORE, 1, -1, -1, -1 },
  { "atomic_store_explicit", VOP_STORE, 1, -1, 2, -1 },
  { "__atomic_store_n", VOP_STORE, 1, -1, 2, -1 },
  { "__c11_atomic_store", VOP_STORE, 1, -1, 2, -1 },
  { "__sync_lock_release", VOP_STORE, -1, -1, -1, -1 },
  { "atomic_exchange", VOP_XCHG, 1, -1, -1, -1 },
  { "atomic_exchange_explicit", VOP_XCHG, 1, -1, 2, -1 },
  { "__atomic_exchange_n", VOP_XCHG, 1, -1, 2, -1 },
  { "__c11_atomic_exchange", VOP_XCHG, 1, -1, 2, -1 },
  { "__sync_bool_compare_and_swap", VOP_CAS_BOOL, 2, 1, -1, -1 },
  { "__sync_val_compare_and_swap", VOP_CAS_VAL, 2, 1, -1, -1 },
  { "atomic_compare_exchange_strong", VOP_CAS_PTR, 2, -1, -1, -1 },
  { "atomic_compare_exchange_weak", VOP_CAS_PTR, 2, -1, -1, -1 },
  { "atomic_compare_exchange_strong_explicit", VOP_CAS_PTR, 2, -1, 3, 4 },
  { "atomic_compare_exchange_weak_explicit", VOP_CAS_PTR, 2, -1, 3, 4 },
  { "__atomic_compare_exchange_n", VOP_CAS_PTR, 2, -1, 4, 5 },
  { "__c11_atomic_compare_exchange_strong", VOP_CAS_PTR, 2, -1, 3, 4 },
  { "__c11_atomic_compare_exchange_weak", VOP_CAS_PTR, 2, -1, 3, 4 },
};

/* The __sync read-modify-writes that leave the value alone with operand 0 (full
 * barriers: `__sync_fetch_and_add (&x, 0)` reads x). */
static const char *const sync_reads[] = {
  "__sync_fetch_and_add", "__sync_fetch_and_sub", "__sync_fetch_and_or", "__sync_fetch_and_xor",
  "__sync_add_and_fetch", "__sync_sub_and_fetch", "__sync_or_and_fetch", "__sync_xor_and_fetch", NULL,
};

static gboolean
order_in (CExpr *e, guint allowed)
{
  gint64 o;
  return c_const_int (e, &o) && o >= 0 && o < 31 && (allowed & (1u << o));
}

/* Binding: what a parameter stands for (see the comment atop): ptr, the static scalar
 * every call points it to; vals (gint64), the constants every call passes; neither:
 * nothing (bad). uses, good: the uses of a pointer parameter in its function, and those
 * of them the scan found to be `*p`, an atomic operation's object or an argument of
 * another pointer parameter. busy: being worked out (a cycle: bad). */
typedef struct {
  CDecl *ptr;
  GArray *vals;
  gboolean bad, busy;
  guint uses, good;
} Binding;

typedef struct _ValueScan ValueScan;
static Binding *bind (ValueScan *sc, CDecl *p);
static gboolean const_value (Lower *L, CExpr *e, gint64 *out);

/* The innermost frame inlining the function that has parameter P, with P's argument
 * in *ARG (to be evaluated in the frame's caller), when P keeps that value. */
static Frame *
frame_of_param (Lower *L, CDecl *p, CExpr **arg)
{
  if (g_hash_table_contains (L->pre.assigned, p) || g_hash_table_contains (L->pre.escaped, p))
    return NULL;
  /* a recursive call comes back to its frame with other arguments */
  for (Frame *f = L->frame; f; f = f->up)
    if (f->fn && f->fn->params && g_ptr_array_find (f->fn->params, p, NULL))
      return (*arg = g_hash_table_lookup (f->args, p)) && f->up && !g_hash_table_contains (L->pre.recursive, f->fn)
             ? f : NULL;
  return NULL;
}

/* The static scalar pointer E points to (`&D`, or a parameter bound to it), or NULL. */
static CDecl *
ptr_target (Lower *L, CExpr *e)
{
  e = c_peel (e);
  if (!e)
    return NULL;
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    {
      CExpr *x = c_peel (e->a);
      return x && x->kind == C_EXPR_IDENT && x->decl && x->decl->kind == C_DECL_VAR ? x->decl : NULL;
    }
  if (e->kind != C_EXPR_IDENT || !e->decl || e->decl->kind != C_DECL_PARAM)
    return NULL;
  if (L->vscan)
    {
      Binding *b = bind (L->vscan, e->decl);
      return b ? b->ptr : NULL;
    }
  CExpr *arg;
  Frame *f = frame_of_param (L, e->decl, &arg);
  if (!f)
    return NULL;
  Frame *saved = L->frame;
  L->frame = f->up;
  CDecl *d = ptr_target (L, arg);
  L->frame = saved;
  return d;
}

/* The constant values E may have, appended to OUT (a constant, or a parameter bound to
 * constants); FALSE when E is no such expression. */
static gboolean
const_values (Lower *L, CExpr *e, GArray *out)
{
  gint64 v;
  if (c_const_int (e, &v))
    {
      g_array_append_val (out, v);
      return TRUE;
    }
  e = c_peel (e);
  if (!e || e->kind != C_EXPR_IDENT || !e->decl || e->decl->kind != C_DECL_PARAM)
    return FALSE;
  if (L->vscan)
    {
      Binding *b = bind (L->vscan, e->decl);
      if (!b || !b->vals)
        return FALSE;
      g_array_append_vals (out, b->vals->data, b->vals->len);
      return TRUE;
    }
  CExpr *arg;
  Frame *f = frame_of_param (L, e->decl, &arg);
  if (!f)
    return FALSE;
  Frame *saved = L->frame;
  L->frame = f->up;
  gboolean ok = const_values (L, arg, out);
  L->frame = saved;
  return ok;
}

gboolean
lower_value_const (Lower *L, CExpr *e, gint64 *out)
{
  if (const_value (L, e, out))
    return TRUE;
  CExpr *p = c_peel (e);
  gint64 a, b;
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_NOT && lower_value_const (L, p->a, &a))
    return (*out = !a), TRUE;
  if (!p || p->kind != C_EXPR_BINARY || !lower_value_const (L, p->a, &a) || !lower_value_const (L, p->b, &b))
    return FALSE;
  switch (p->op)
    {
    case C_OP_EQ: *out = a == b; return TRUE;
    case C_OP_NE: *out = a != b; return TRUE;
    case C_OP_LT: *out = a < b; return TRUE;
    case C_OP_LE: *out = a <= b; return TRUE;
    case C_OP_GT: *out = a > b; return TRUE;
    case C_OP_GE: *out = a >= b; return TRUE;
    case C_OP_AND: *out = a && b; return TRUE;
    case C_OP_OR: *out = a || b; return TRUE;
    default: return FALSE;
    }
}

/* E's one constant value, in *OUT. */
static gboolean
const_value (Lower *L, CExpr *e, gint64 *out)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (!const_values (L, e, vs) || vs->len != 1)
    return FALSE;
  *out = g_array_index (vs, gint64, 0);
  return TRUE;
}

/* The static scalar lvalue E denotes: D itself, or `*p` with p pointing to it. */
static CDecl *
lvalue_target (Lower *L, CExpr *e)
{
  e = c_peel (e);
  if (e && e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_VAR)
    return e->decl;
  if (e && e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)
    return ptr_target (L, e->a);
  return NULL;
}

/* The initializer expression of local D declared in block ITEMS, or NULL. */
static CExpr *
local_init (GPtrArray *items, CDecl *d)
{
  for (guint i = 0; items && i < items->len; i++)
    {
      CStmt *s = g_ptr_array_index (items, i);
      for (guint k = 0; s->kind == C_STMT_DECL && s->items && k < s->items->len; k++)
        if (g_ptr_array_index (s->items, k) == d)
          return d->init ? d->init->expr : NULL;
    }
  return NULL;
}

/* The local `&T` names (its T), or NULL. */
static CDecl *
addr_local (CExpr *e)
{
  e = c_peel (e);
  if (!e || e->kind != C_EXPR_UNARY || e->op != C_OP_ADDR)
    return NULL;
  CExpr *x = c_peel (e->a);
  return x && x->kind == C_EXPR_IDENT ? x->decl : NULL;
}

/* GCC's stdatomic.h macros are statement expressions:
 *   ({ __auto_type P = (&D); T tmp = (V); __atomic_store (P, &tmp, MO); })
 *   ({ __auto_type P = (&D); T tmp; __atomic_load (P, &tmp, MO); tmp; })
 *   ({ __auto_type P = (&D); T val = (V); T tmp; __atomic_exchange (P, &val, &tmp, MO); tmp; })
 *   ({ __auto_type P = (&D); T tmp = (V); __atomic_compare_exchange (P, E, &tmp, W, S, F); })
 * E (peeled) as one of them, in OUT. */
static gboolean
stdatomic_form (Lower *L, CExpr *e, Vop *out)
{
  if (e->kind != C_EXPR_STMT_EXPR || !e->stmt || e->stmt->kind != C_STMT_COMPOUND || !e->stmt->items
      || e->stmt->items->len < 2)
    return FALSE;
  GPtrArray *items = e->stmt->items;
  CStmt *first = g_ptr_array_index (items, 0);
  if (first->kind != C_STMT_DECL || !first->items || first->items->len != 1)
    return FALSE;
  CDecl *p = g_ptr_array_index (first->items, 0);
  CExpr *addr = p->init ? p->init->expr : NULL;
  CDecl *d = addr ? ptr_target (L, addr) : NULL;
  if (!d)
    return FALSE;
  for (guint i = 1; i < items->len; i++)
    {
      CStmt *s = g_ptr_array_index (items, i);
      CExpr *call = s->kind == C_STMT_EXPR ? c_peel (s->expr) : NULL;
      if (!call || call->kind != C_EXPR_CALL || !call->args || call->args->len < 3)
        continue;
      CExpr *a0 = c_peel (g_ptr_array_index (call->args, 0));
      const char *n = c_callee_name (call);
      if (!n || !a0 || a0->kind != C_EXPR_IDENT || a0->decl != p)
        continue;
      guint na = call->args->len;
      *out = (Vop) { VOP_LOAD, e, c_peel (addr), d, NULL, NULL, FALSE };
      if (strcmp (n, "__atomic_load") == 0 && na == 3)
        out->ordered = order_in (g_ptr_array_index (call->args, 2), ORD_LOAD);
      else if (strcmp (n, "__atomic_store") == 0 && na == 3)
        {
          out->kind = VOP_STORE;
          out->val = local_init (items, addr_local (g_ptr_array_index (call->args, 1)));
          out->ordered = order_in (g_ptr_array_index (call->args, 2), ORD_STORE);
        }
      else if (strcmp (n, "__atomic_exchange") == 0 && na == 4)
        {
          out->kind = VOP_XCHG;
          out->val = local_init (items, addr_local (g_ptr_array_index (call->args, 1)));
          out->ordered = order_in (g_ptr_array_index (call->args, 3), ORD_RMW);
        }
      else if (strcmp (n, "__atomic_compare_exchange") == 0 && na == 6)
        {
          out->kind = VOP_CAS_PTR;
          out->val = local_init (items, addr_local (g_ptr_array_index (call->args, 2)));
          out->ordered = order_in (g_ptr_array_index (call->args, 4), ORD_RMW)
                         && order_in (g_ptr_array_index (call->args, 5), ORD_LOAD);
        }
      else
        return FALSE;
      return TRUE;
    }
  return FALSE;
}

/* E (peeled) as an atomic operation on a static scalar D (its object `&D`, or a
 * parameter bound to it), in OUT. */
static gboolean
atomic_form (Lower *L, CExpr *e, Vop *out)
{
  e = c_peel (e);
  if (!e)
    return FALSE;
  if (e->kind == C_EXPR_STMT_EXPR)
    return stdatomic_form (L, e, out);
  if (e->kind != C_EXPR_CALL || !e->args || e->args->len == 0)
    return FALSE;
  const char *n = c_callee_name (e);
  CExpr *addr = g_ptr_array_index (e->args, 0);
  CDecl *d = ptr_target (L, addr);
  if (!n || !d)
    return FALSE;
  guint na = e->args->len;
  if (g_strv_contains (sync_reads, n))
    {
      gint64 z;
      *out = (Vop) { VOP_LOAD, e, c_peel (addr), d, NULL, NULL,
                     na == 2 && c_const_int (g_ptr_array_index (e->args, 1), &z) && z == 0 };
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (atomic_calls); i++)
    {
      const AtomicCall *c = &atomic_calls[i];
      if (strcmp (c->name, n) != 0)
        continue;
      if ((c->val >= 0 && (guint) c->val >= na) || (c->expect >= 0 && (guint) c->expect >= na)
          || (c->order >= 0 && (guint) c->order >= na) || (c->fail >= 0 && (guint) c->fail >= na))
        return FALSE;
      gboolean rmw = c->kind != VOP_LOAD && c->kind != VOP_STORE;
      *out = (Vop) { c->kind, e, c_peel (addr), d, c->val >= 0 ? g_ptr_array_index (e->args, c->val) : NULL,
                     c->expect >= 0 ? g_ptr_array_index (e->args, c->expect) : NULL, TRUE };
      if (c->order >= 0)
        out->ordered = order_in (g_ptr_array_index (e->args, c->order),
                                 rmw ? ORD_RMW : c->kind == VOP_LOAD ? ORD_LOAD : ORD_STORE);
      if (c->fail >= 0)
        out->ordered = out->ordered && order_in (g_ptr_array_index (e->args, c->fail), ORD_LOAD);
      return TRUE;
    }
  return FALSE;
}

/* ---- the values of a variable ---- */

/* V converted to D's type, in *OUT; FALSE when the type does not hold it as it is
 * (then the variable is not followed). */
static gboolean
convert (Lower *L, CDecl *d, gint64 v, gint64 *out)
{
  CType *t = strip (L, d->type);
  if (t && t->kind == C_TYPE_BASIC && t->basic == C_BASIC_BOOL)
    return (*out = v != 0), TRUE;
  if (t && t->kind == C_TYPE_ENUM)
    return (*out = v), TRUE;
  guint bits;
  gboolean sgn;
  if (!lower_int_width (L, t, &bits, &sgn))
    return FALSE;
  gint64 lo = sgn ? -((gint64) 1 << (MIN (bits, 63) - 1)) : 0;
  gint64 hi = bits >= 63 ? G_MAXINT64 : sgn ? ((gint64) 1 << (bits - 1)) - 1 : ((gint64) 1 << bits) - 1;
  *out = v;
  return v >= lo && v <= hi;
}

static ValueDom *
dom_of (Lower *L, CDecl *d)
{
  return d ? g_hash_table_lookup (L->pre.values, d) : NULL;
}

/* Adds the constant values of E (NULL: 0) to D's domain, or makes D bad. */
static void
dom_add (Lower *L, ValueDom *dom, CDecl *d, CExpr *e)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 zero = 0;
  if (!e)
    g_array_append_val (vs, zero);
  else if (!const_values (L, e, vs))
    {
      dom->bad = TRUE;
      return;
    }
  for (guint k = 0; k < vs->len; k++)
    {
      gint64 c;
      if (!convert (L, d, g_array_index (vs, gint64, k), &c))
        {
          dom->bad = TRUE;
          return;
        }
      gboolean seen = FALSE;
      for (guint i = 0; i < dom->values->len && !seen; i++)
        seen = g_array_index (dom->values, gint64, i) == c;
      if (!seen)
        g_array_append_val (dom->values, c);
    }
}

/* E, peeled of the casts that keep every value of its type (lower_int_preserves), as
 * a static scalar lvalue (lvalue_target), or NULL. */
static CDecl *
plain_read (Lower *L, CExpr *e)
{
  while (e && ((e->kind == C_EXPR_CAST && e->a) || (e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION)))
    {
      if (e->kind == C_EXPR_CAST && !lower_int_preserves (L, e->type, type_of (L, e->a)))
        return NULL;
      e = e->a;
    }
  return lvalue_target (L, e);
}

/* ValueTest: a condition on a variable's value: the value X tested (the variable
 * read, or the result of an atomic operation on it: op), compared by cmp with k. */
typedef struct {
  CDecl *d;
  gboolean atomic;
  Vop op;
  COp cmp;
  gint64 k;
} ValueTest;

/* X as the value of a variable: a read of it or an atomic operation that returns it. */
static gboolean
value_expr (Lower *L, CExpr *x, ValueTest *vt)
{
  CDecl *d = plain_read (L, x);
  if (d)
    {
      vt->d = d, vt->atomic = FALSE;
      return TRUE;
    }
  Vop op;
  /* a load that orders nothing (relaxed) gives its value but no order: tested both ways */
  if (!atomic_form (L, x, &op) || op.kind == VOP_STORE || (op.kind == VOP_LOAD && !op.ordered))
    return FALSE;
  vt->d = op.d, vt->atomic = TRUE, vt->op = op;
  return TRUE;
}

static COp
flip (COp op)
{
  switch (op)
    {
    case C_OP_LT: return C_OP_GT;
    case C_OP_GT: return C_OP_LT;
    case C_OP_LE: return C_OP_GE;
    case C_OP_GE: return C_OP_LE;
    default: return op;
    }
}

/* The constant a test compares with, in *K: one value where the lowering stands; in
 * the scan, any of a parameter's values (it only asks whether a test is made). */
static gboolean
test_const (Lower *L, CExpr *e, gint64 *k)
{
  if (!L->vscan)
    return const_value (L, e, k);
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (!const_values (L, e, vs) || vs->len == 0)
    return FALSE;
  *k = g_array_index (vs, gint64, 0);
  return TRUE;
}

/* Condition E (no && || ! at its top) as a test of a variable's value. */
static gboolean
value_test (Lower *L, CExpr *e, ValueTest *vt)
{
  CExpr *p = c_peel (e);
  if (!p)
    return FALSE;
  memset (vt, 0, sizeof *vt);
  if (p->kind == C_EXPR_BINARY && (p->op == C_OP_EQ || p->op == C_OP_NE || p->op == C_OP_LT || p->op == C_OP_LE
                                   || p->op == C_OP_GT || p->op == C_OP_GE))
    {
      gint64 k;
      if (test_const (L, p->b, &k) && value_expr (L, p->a, vt))
        vt->cmp = p->op;
      else if (test_const (L, p->a, &k) && value_expr (L, p->b, vt))
        vt->cmp = flip (p->op);
      else
        return FALSE;
      vt->k = k;
      return TRUE;
    }
  if (!value_expr (L, p, vt))
    return FALSE;
  vt->cmp = C_OP_NE, vt->k = 0;
  return TRUE;
}

static gboolean
compare (COp op, gint64 a, gint64 b)
{
  switch (op)
    {
    case C_OP_EQ: return a == b;
    case C_OP_NE: return a != b;
    case C_OP_LT: return a < b;
    case C_OP_LE: return a <= b;
    case C_OP_GT: return a > b;
    case C_OP_GE: return a >= b;
    default: g_assert_not_reached ();
    }
}

/* ---- the scan ---- */

/* ValueScan: the walk over the whole program. ok_addr: the `&D` nodes that are the
 * object of an atomic operation, or an argument of a pointer parameter bound to D;
 * early: in main's statements before it starts any thread; fn: the function walked;
 * calls: function CDecl* -> GPtrArray of its calls by name (CExpr*); param_fn: parameter
 * CDecl* -> its function; bindings: parameter CDecl* -> Binding* (owned); static_fn:
 * static local CDecl* -> the function declaring it; names (below). */
struct _ValueScan {
  Lower *L;
  GHashTable *ok_addr;
  gboolean early;
  CDecl *fn;
  GHashTable *calls, *param_fn, *bindings, *static_fn;
  GHashTable *names;        /* file-scope name -> how many declarations of the unit have it */
};

static void
binding_free (gpointer p)
{
  Binding *b = p;
  if (b->vals)
    g_array_unref (b->vals);
  g_free (b);
}

/* What parameter P stands for (see Binding), or NULL. */
static Binding *
bind (ValueScan *sc, CDecl *p)
{
  Lower *L = sc->L;
  Binding *b = g_hash_table_lookup (sc->bindings, p);
  if (b)
    return b->busy || b->bad ? NULL : b;
  b = g_new0 (Binding, 1);
  g_hash_table_insert (sc->bindings, p, b);
  b->busy = TRUE;
  CDecl *fn = g_hash_table_lookup (sc->param_fn, p);
  GPtrArray *calls = fn ? g_hash_table_lookup (sc->calls, fn) : NULL;
  guint idx = 0;
  if (!fn || !calls || !g_ptr_array_find (fn->params, p, &idx) || g_hash_table_contains (L->pre.addr_funcs, fn)
      || g_hash_table_contains (L->pre.recursive, fn) || g_hash_table_contains (L->pre.assigned, p)
      || g_hash_table_contains (L->pre.escaped, p))
    b->bad = TRUE;
  for (guint i = 0; !b->bad && i < calls->len; i++)
    {
      CExpr *call = g_ptr_array_index (calls, i);
      CExpr *arg = call->args && idx < call->args->len ? g_ptr_array_index (call->args, idx) : NULL;
      CDecl *d = arg ? ptr_target (L, arg) : NULL;
      g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
      if (d && !b->vals && (!b->ptr || b->ptr == d))
        b->ptr = d;
      else if (!d && arg && !b->ptr && const_values (L, arg, vs))
        {
          if (!b->vals)
            b->vals = g_array_new (FALSE, FALSE, sizeof (gint64));
          g_array_append_vals (b->vals, vs->data, vs->len);
        }
      else
        b->bad = TRUE;
    }
  b->busy = FALSE;
  return b->bad ? NULL : b;
}

/* D may be a value variable: a static scalar of the program's own, declared once (a
 * global declared again, in another file or in the same one, is another declaration
 * whose uses the scan would not count as D's). */
static gboolean
candidate (ValueScan *sc, CDecl *d)
{
  Lower *L = sc->L;
  if (!d || d->kind != C_DECL_VAR || d->in_system || d->thread_local || d->storage == C_STORAGE_EXTERN
      || !(d->file_scope || d->storage == C_STORAGE_STATIC) || (L->module && d->storage != C_STORAGE_STATIC)
      || (d->file_scope && GPOINTER_TO_UINT (g_hash_table_lookup (sc->names, d->name)) != 1))
    return FALSE;
  CType *t = strip (L, d->type);
  return t && (t->kind == C_TYPE_ENUM || (t->kind == C_TYPE_BASIC && (t->basic == C_BASIC_BOOL || lower_int_type (L, t))));
}

static ValueDom *
scan_dom (ValueScan *sc, CDecl *d)
{
  if (!candidate (sc, d))
    return NULL;
  ValueDom *dom = dom_of (sc->L, d);
  if (!dom)
    {
      dom = g_new0 (ValueDom, 1);
      dom->values = g_array_new (FALSE, FALSE, sizeof (gint64));
      dom->var = -1;
      dom->fn = d->file_scope ? NULL : g_hash_table_lookup (sc->static_fn, d);
      if (!d->file_scope && !dom->fn)
        dom->bad = TRUE;
      g_hash_table_insert (sc->L->pre.values, d, dom);
      /* its initial value: the initializer, or 0 */
      if (d->init && !d->init->expr)
        dom->bad = TRUE;
      else
        dom_add (sc->L, dom, d, d->init ? d->init->expr : NULL);
      if (dom->values->len)
        dom->init = g_array_index (dom->values, gint64, 0);
    }
  return dom;
}

/* A condition (its && || ! parts): the variables it compares with a constant. */
static void
scan_cond (ValueScan *sc, CExpr *e)
{
  CExpr *p = c_peel (e);
  if (!p)
    return;
  if (p->kind == C_EXPR_BINARY && (p->op == C_OP_AND || p->op == C_OP_OR))
    {
      scan_cond (sc, p->a);
      scan_cond (sc, p->b);
      return;
    }
  if (p->kind == C_EXPR_UNARY && p->op == C_OP_NOT)
    {
      scan_cond (sc, p->a);
      return;
    }
  ValueTest vt;
  ValueDom *dom = value_test (sc->L, p, &vt) ? scan_dom (sc, vt.d) : NULL;
  if (dom)
    dom->compared = TRUE;
}

/* E is a pointer parameter bound to a scalar: one of its uses the model follows. */
static void
good_use (ValueScan *sc, CExpr *e)
{
  e = c_peel (e);
  Binding *b = e && e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_PARAM ? bind (sc, e->decl) : NULL;
  if (b && b->ptr)
    b->good++;
}

/* The arguments of CALL given to pointer parameters bound to scalars: `&D` is no
 * escape of D, and a parameter passed on is a use followed. */
static void
scan_args (ValueScan *sc, CExpr *call)
{
  const char *n = c_callee_name (call);
  CDecl *fn = n ? lower_func_def (sc->L, n) : NULL;
  for (guint i = 0; fn && fn->params && call->args && i < call->args->len && i < fn->params->len; i++)
    {
      Binding *b = bind (sc, g_ptr_array_index (fn->params, i));
      CExpr *a = c_peel (g_ptr_array_index (call->args, i));
      if (!b || !b->ptr || !a)
        continue;
      if (a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR)
        g_hash_table_add (sc->ok_addr, a);
      else
        good_use (sc, a);
    }
}

static CVisitResult
scan_expr (CExpr *e, gpointer data)
{
  ValueScan *sc = data;
  Lower *L = sc->L;
  ValueDom *dom;
  Vop op;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (e->decl && e->decl->kind == C_DECL_PARAM)
        {
          Binding *b = bind (sc, e->decl);
          if (b && b->ptr)
            b->uses++;
        }
      break;
    case C_EXPR_ASSIGN:
      if ((dom = scan_dom (sc, lvalue_target (L, e->a))))
        {
          if (e->op == C_OP_ASSIGN)
            dom_add (L, dom, lvalue_target (L, e->a), e->b);
          else
            dom->bad = TRUE;
        }
      break;
    case C_EXPR_UNARY:
      if (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC)
        {
          if ((dom = scan_dom (sc, lvalue_target (L, e->a))))
            dom->bad = TRUE;
        }
      else if (e->op == C_OP_ADDR)
        {
          CExpr *a = c_peel (e->a);
          if (a && a->kind == C_EXPR_IDENT && (dom = scan_dom (sc, a->decl)) && !g_hash_table_contains (sc->ok_addr, e))
            dom->bad = TRUE;
        }
      else if (e->op == C_OP_DEREF)
        good_use (sc, e->a);
      else if (e->op == C_OP_NOT)
        scan_cond (sc, e);
      break;
    case C_EXPR_BINARY:
      if (e->op == C_OP_AND || e->op == C_OP_OR || e->op == C_OP_EQ || e->op == C_OP_NE || e->op == C_OP_LT
          || e->op == C_OP_LE || e->op == C_OP_GT || e->op == C_OP_GE)
        scan_cond (sc, e);
      break;
    case C_EXPR_COND:
      scan_cond (sc, e->a);
      break;
    case C_EXPR_CALL: case C_EXPR_STMT_EXPR:
      if (e->kind == C_EXPR_CALL && g_strcmp0 (c_callee_name (e), "__VERIFIER_assume") == 0 && e->args
          && e->args->len == 1)
        scan_cond (sc, g_ptr_array_index (e->args, 0));
      if (e->kind == C_EXPR_CALL)
        scan_args (sc, e);
      if (atomic_form (L, e, &op) && (dom = scan_dom (sc, op.d)))
        {
          if (op.addr->kind == C_EXPR_UNARY)
            g_hash_table_add (sc->ok_addr, op.addr);
          else
            good_use (sc, op.addr);
          /* a change that orders nothing (a relaxed store, atomic_init, an acquire-only
           * exchange) gives no order to the threads that see it, unless no other
           * thread runs yet (main before its first thread: pthread_create orders it);
           * a relaxed load is only tested both ways (value_expr) */
          if (!op.ordered && op.kind != VOP_LOAD && !sc->early)
            dom->bad = TRUE;
          if (op.kind != VOP_LOAD)
            dom_add (L, dom, op.d, op.val);
          g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
          if ((op.kind == VOP_CAS_BOOL || op.kind == VOP_CAS_VAL) && !const_values (L, op.expect, vs))
            dom->bad = TRUE;
        }
      break;
    default:
      break;
    }
  return C_VISIT_CONTINUE;
}

/* An asm operand's variables are changed in ways the model does not see. */
static CVisitResult
scan_asm_ident (CExpr *e, gpointer data)
{
  ValueScan *sc = data;
  ValueDom *dom;
  if (e->kind == C_EXPR_IDENT && (dom = scan_dom (sc, e->decl)))
    dom->bad = TRUE;
  return C_VISIT_CONTINUE;
}

static CVisitResult
scan_stmt (CStmt *s, gpointer data)
{
  ValueScan *sc = data;
  switch (s->kind)
    {
    case C_STMT_IF: case C_STMT_WHILE: case C_STMT_DO: case C_STMT_FOR:
      scan_cond (sc, s->expr);
      break;
    case C_STMT_SWITCH:
      {
        /* a switch compares its value with each case label (lower_value_switch) */
        ValueTest vt;
        memset (&vt, 0, sizeof vt);
        ValueDom *dom = value_expr (sc->L, s->expr, &vt) ? scan_dom (sc, vt.d) : NULL;
        if (dom)
          dom->compared = TRUE;
      }
      break;
    case C_STMT_RETURN:
      {
        /* a caller may test an integer result (lower_cond splits the returns); main's
         * has no caller */
        CType *ft = sc->fn && g_strcmp0 (sc->fn->name, "main") != 0 ? strip (sc->L, sc->fn->type) : NULL;
        CType *rt = ft && ft->kind == C_TYPE_FUNCTION ? strip (sc->L, ft->base) : NULL;
        if (rt && (rt->kind == C_TYPE_ENUM || (rt->kind == C_TYPE_BASIC && (rt->basic == C_BASIC_BOOL
                                                                            || lower_int_type (sc->L, rt)))))
          scan_cond (sc, s->expr);
      }
      break;
    case C_STMT_ASM:
      {
        CVisitor av = { .expr = scan_asm_ident, .data = sc };
        c_visit_stmt (&av, s);
      }
      break;
    default:
      break;
    }
  return C_VISIT_CONTINUE;
}

/* The first walk: calls by name, parameters' functions, static locals' functions. */
static CVisitResult
index_expr (CExpr *e, gpointer data)
{
  ValueScan *sc = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  CDecl *fn = n ? lower_func_def (sc->L, n) : NULL;
  if (fn)
    {
      GPtrArray *calls = g_hash_table_lookup (sc->calls, fn);
      if (!calls)
        g_hash_table_insert (sc->calls, fn, calls = g_ptr_array_new ());
      g_ptr_array_add (calls, e);
    }
  return C_VISIT_CONTINUE;
}

static CVisitResult
index_stmt (CStmt *s, gpointer data)
{
  ValueScan *sc = data;
  for (guint i = 0; s->kind == C_STMT_DECL && s->items && i < s->items->len; i++)
    {
      CDecl *d = g_ptr_array_index (s->items, i);
      if (d->kind == C_DECL_VAR && d->storage == C_STORAGE_STATIC)
        g_hash_table_insert (sc->static_fn, d, sc->fn);
    }
  return C_VISIT_CONTINUE;
}

static gint
cmp_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

void
lower_values_scan (Lower *L)
{
  ValueScan sc = { L, g_hash_table_new (NULL, NULL), FALSE, NULL,
                   g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref),
                   g_hash_table_new (NULL, NULL), g_hash_table_new_full (NULL, NULL, NULL, binding_free),
                   g_hash_table_new (NULL, NULL), g_hash_table_new (g_str_hash, g_str_equal) };
  L->vscan = &sc;
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->name && (d->kind == C_DECL_VAR || d->kind == C_DECL_FUNC))
        g_hash_table_insert (sc.names, (gpointer) d->name,
                             GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (sc.names, d->name)) + 1));
    }
  CVisitor iv = { .stmt = index_stmt, .expr = index_expr, .data = &sc };
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      if (f->kind != C_DECL_FUNC || !f->body)
        continue;
      sc.fn = f;
      for (guint k = 0; f->params && k < f->params->len; k++)
        g_hash_table_insert (sc.param_fn, g_ptr_array_index (f->params, k), f);
      c_visit_stmt (&iv, f->body);
    }
  CVisitor v = { .stmt = scan_stmt, .expr = scan_expr, .data = &sc };
  guint prefix = lower_main_prefix (L);
  CDecl *main_fn = prefix > 0 ? lower_func_def (L, "main") : NULL;
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      if (f->in_system)
        continue;
      sc.fn = f->kind == C_DECL_FUNC ? f : NULL;
      if (f == main_fn)
        for (guint k = 0; k < f->body->items->len; k++)
          {
            sc.early = k < prefix;
            c_visit_stmt (&v, g_ptr_array_index (f->body->items, k));
            sc.early = FALSE;
          }
      else if (f->kind == C_DECL_FUNC && f->body)
        c_visit_stmt (&v, f->body);
      else if (f->kind == C_DECL_VAR && f->init)
        c_visit_init (&v, f->init);
    }
  /* a pointer parameter used in a way the model does not follow: what it points to
   * may change behind the model's back */
  GHashTableIter it;
  gpointer d, p;
  g_hash_table_iter_init (&it, sc.bindings);
  while (g_hash_table_iter_next (&it, &d, &p))
    {
      Binding *b = p;
      ValueDom *dom = !b->bad && b->ptr ? dom_of (L, b->ptr) : NULL;
      if (dom && b->uses != b->good)
        dom->bad = TRUE;
    }
  g_hash_table_iter_init (&it, L->pre.values);
  while (g_hash_table_iter_next (&it, &d, &p))
    {
      ValueDom *dom = p;
      /* a variable only main sets before it starts any thread (pre.stable) has one value
       * while threads run: following it would only multiply the states */
      if (dom->bad || !dom->compared || dom->values->len == 0 || dom->values->len > RF_VALUE_MAX
          || g_hash_table_contains (L->pre.stable, d))
        g_hash_table_iter_remove (&it);
      else
        g_array_sort (dom->values, cmp_gint64);
    }
  L->vscan = NULL;
  g_hash_table_unref (sc.ok_addr);
  g_hash_table_unref (sc.calls);
  g_hash_table_unref (sc.param_fn);
  g_hash_table_unref (sc.bindings);
  g_hash_table_unref (sc.static_fn);
  g_hash_table_unref (sc.names);
}

void
lower_value_dom_free (gpointer p)
{
  ValueDom *dom = p;
  g_array_unref (dom->values);
  g_free (dom->name);
  g_free (dom);
}

/* ---- the lowering ---- */

/* The value variable of D, made at its first use, or -1. */
static gint
value_var (Lower *L, CDecl *d)
{
  ValueDom *dom = dom_of (L, d);
  if (!dom || L->quiet)
    return -1;
  if (dom->var >= 0 || (dom->name && dom->values->len == 1))
    return dom->var;
  RfCObj *r = lower_root_of_decl (L, d, dom->fn);
  g_return_val_if_fail (r != NULL, -1);
  g_autofree char *name = place_name (rf_c_objects_loc (L->objs, r, ""));
  if (dom->values->len == 1)
    {
      /* one value: it never changes; its tests are decided without a variable */
      dom->name = g_strdup (name);
      return -1;
    }
  gint guard = lower_var (L, name, RF_VAR_DATA, d->loc);
  g_autofree char *vname = g_strconcat ("value$", name, NULL);
  guint init = 0;
  for (guint i = 0; i < dom->values->len; i++)
    if (g_array_index (dom->values, gint64, i) == dom->init)
      init = i;
  dom->var = (gint) rf_program_add_value (L->prog, vname, d->loc, (const gint64 *) dom->values->data,
                                          dom->values->len, init, guard);
  dom->name = g_strdup (name);
  return dom->var;
}

/* Outcome: what an operation does to a variable holding x: it then holds to (any: a
 * value the lowering cannot tell, so any of the domain), and returns result. */
typedef struct {
  gint64 to, result;
  gboolean any;
} Outcome;

/* The outcomes of the operation of VT (not atomic: a read of the variable) on value X,
 * in OUT (at most three); their number. A stored or expected value the lowering cannot
 * resolve (the scan found it constant through bindings) is taken as any value, which
 * only adds runs. */
static guint
outcomes (Lower *L, const ValueTest *vt, gint64 x, Outcome *out)
{
  if (!vt->atomic)
    return (out[0] = (Outcome) { x, x, FALSE }), 1;
  const Vop *op = &vt->op;
  gint64 b = 0, a = 0, raw = 0;
  gboolean b_any = op->val && !(const_value (L, op->val, &raw) && convert (L, op->d, raw, &b));
  gboolean a_known = !op->expect || const_value (L, op->expect, &a);
  switch (op->kind)
    {
    case VOP_LOAD: out[0] = (Outcome) { x, x, FALSE }; return 1;
    case VOP_STORE: out[0] = (Outcome) { b, 0, b_any }; return 1;
    case VOP_XCHG: out[0] = (Outcome) { b, x, b_any }; return 1;
    case VOP_CAS_BOOL: case VOP_CAS_VAL:
      if (a_known)
        {
          gint64 res = op->kind == VOP_CAS_BOOL ? x == a : x;
          out[0] = x == a ? (Outcome) { b, res, b_any } : (Outcome) { x, res, FALSE };
          return 1;
        }
      /* the value expected is not known: as below */
      G_GNUC_FALLTHROUGH;
    case VOP_CAS_PTR:
      /* the value expected is in memory: success or failure from any value (a value
       * compare-and-swap's result is then the old value either way) */
      out[0] = (Outcome) { b, op->kind == VOP_CAS_VAL ? x : 1, b_any };
      out[1] = (Outcome) { x, op->kind == VOP_CAS_VAL ? x : 0, FALSE };
      return 2;
    }
  g_assert_not_reached ();
}

/* The edges of VT from the current node: for each value x and each outcome, a move to
 * T when the result compares true (TESTS), else to F. VAR -1: the variable has one
 * value and no variable of the model (it never changes): skips. */
static void
emit_moves (Lower *L, gint var, const ValueTest *vt, gboolean tests, guint t, guint f, RfLoc loc)
{
  const ValueDom *dom = dom_of (L, vt->d);
  const gint64 *vals = (const gint64 *) dom->values->data;
  guint nv = dom->values->len;
  guint from = L->cur;
  for (guint i = 0; i < nv; i++)
    {
      Outcome oc[2];
      guint n = outcomes (L, vt, vals[i], oc);
      for (guint k = 0; k < n; k++)
        {
          gboolean yes = !tests || compare (vt->cmp, oc[k].result, vt->k);
          for (guint j = 0; j < nv; j++)
            {
              /* the value it then holds: that of the outcome, or (unknown, or outside
               * the domain, which the scan rules out) each */
              gboolean in = FALSE;
              for (guint q = 0; q < nv && !oc[k].any; q++)
                in |= vals[q] == oc[k].to;
              if (in && !oc[k].any && vals[j] != oc[k].to)
                continue;
              g_autofree char *text = j == i ? g_strdup_printf ("%s is %" G_GINT64_FORMAT, dom->name, vals[i])
                                             : g_strdup_printf ("%s = %" G_GINT64_FORMAT " (was %" G_GINT64_FORMAT ")",
                                                                dom->name, vals[j], vals[i]);
              if (var < 0)
                lower_edge (L, from, yes ? t : f, RF_OP_SKIP, -1, -1, loc, text);
              else
                lower_edge (L, from, yes ? t : f, RF_OP_VALUE, var, (gint) (i * nv + j), loc, text);
            }
        }
    }
}

gboolean
lower_value_cond (Lower *L, CExpr *e, guint t, guint f)
{
  ValueTest vt;
  if (L->quiet || !value_test (L, e, &vt) || !dom_of (L, vt.d))
    return FALSE;
  /* the reads (and the operation's accesses) first, then the branch on the value */
  CExpr *skip = L->value_skip;
  L->value_skip = vt.atomic ? vt.op.x : NULL;
  lower_eval (L, e);
  L->value_skip = skip;
  gint var = value_var (L, vt.d);
  if (var < 0 && !dom_of (L, vt.d)->name)
    {
      lower_edge (L, L->cur, t, RF_OP_SKIP, -1, -1, e->loc, "condition true");
      lower_edge (L, L->cur, f, RF_OP_SKIP, -1, -1, e->loc, "condition false");
      return TRUE;
    }
  emit_moves (L, var, &vt, TRUE, t, f, e->loc);
  return TRUE;
}

void
lower_value_step (Lower *L, CExpr *e)
{
  if (L->quiet || !e)
    return;
  ValueTest vt;
  memset (&vt, 0, sizeof vt);
  if (e->kind == C_EXPR_ASSIGN)
    {
      CDecl *d = lvalue_target (L, e->a);
      if (e->op != C_OP_ASSIGN || !dom_of (L, d))
        return;
      vt.d = d, vt.atomic = TRUE;
      vt.op = (Vop) { VOP_STORE, e, NULL, d, e->b, NULL, TRUE };
    }
  else if ((e->kind == C_EXPR_CALL || e->kind == C_EXPR_STMT_EXPR) && e != L->value_skip
           && atomic_form (L, e, &vt.op) && dom_of (L, vt.op.d) && vt.op.kind != VOP_LOAD)
    vt.d = vt.op.d, vt.atomic = TRUE;
  else
    return;
  gint var = value_var (L, vt.d);
  if (var < 0)
    return;  /* no variable, or one value: a store of that value changes nothing */
  guint j = lower_node (L, e->loc);
  emit_moves (L, var, &vt, FALSE, j, j, e->loc);
  L->cur = j;
}

gboolean
lower_value_switch (Lower *L, CExpr *e, GPtrArray *cases, GHashTable *nodes, guint out)
{
  ValueTest vt;
  memset (&vt, 0, sizeof vt);
  if (L->quiet || !value_expr (L, e, &vt) || !dom_of (L, vt.d) || (vt.atomic && vt.op.kind != VOP_LOAD))
    return FALSE;
  /* every case label a constant (a GNU range `case A ... B` too) */
  for (guint i = 0; i < cases->len; i++)
    {
      CStmt *c = g_ptr_array_index (cases, i);
      gint64 k;
      if (c->kind == C_STMT_CASE && (!c_const_int (c->expr, &k) || (c->expr2 && !c_const_int (c->expr2, &k))))
        return FALSE;
    }
  gint var = value_var (L, vt.d);
  const ValueDom *dom = dom_of (L, vt.d);
  if (var < 0 && !dom->name)
    return FALSE;
  const gint64 *vals = (const gint64 *) dom->values->data;
  guint nv = dom->values->len, head = L->cur;
  for (guint i = 0; i < nv; i++)
    {
      /* the first case whose label (or range) holds the value, else default, else out */
      guint to = out;
      gboolean found = FALSE;
      for (guint k = 0; k < cases->len && !found; k++)
        {
          CStmt *c = g_ptr_array_index (cases, k);
          gint64 lo = 0, hi = 0;
          if (c->kind != C_STMT_CASE)
            continue;
          c_const_int (c->expr, &lo);
          hi = lo;
          if (c->expr2)
            c_const_int (c->expr2, &hi);
          if (vals[i] >= lo && vals[i] <= hi)
            to = GPOINTER_TO_UINT (g_hash_table_lookup (nodes, c)) - 1, found = TRUE;
        }
      for (guint k = 0; k < cases->len && !found; k++)
        {
          CStmt *c = g_ptr_array_index (cases, k);
          if (c->kind == C_STMT_DEFAULT)
            to = GPOINTER_TO_UINT (g_hash_table_lookup (nodes, c)) - 1, found = TRUE;
        }
      g_autofree char *text = g_strdup_printf ("%s is %" G_GINT64_FORMAT, dom->name, vals[i]);
      if (var < 0)
        lower_edge (L, head, to, RF_OP_SKIP, -1, -1, e->loc, text);
      else
        lower_edge (L, head, to, RF_OP_VALUE, var, (gint) (i * nv + i), e->loc, text);
    }
  return TRUE;
}
