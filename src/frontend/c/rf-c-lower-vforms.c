/* rf-c-lower-vforms: what an expression says about a value variable (see
 * rf-c-lower-values.c): the atomic operations on a static scalar (the stdatomic.h calls,
 * GCC's builtins and GCC's statement expressions for stdatomic.h), the constants and
 * objects a parameter stands for (through the scan's bindings while it runs, through
 * the frames while the lowering runs), and the tests of a variable's value.
 *
 * Approach. Pure questions on the syntax tree and the lowering's frames: nothing here
 * makes a node or an edge, so the scan and the lowering ask the same questions and get
 * the same answers where they both can answer. */
#include "rf-c-lower-private.h"

#include <string.h>



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

/* MemberDecl: a member of a static struct (`s.a.b`: no union, no array, no pointer on
 * the way) taken as a scalar of its own: decl (first, so a MemberDecl* is a CDecl*)
 * is named `s.a.b`, has the member's type and the struct's storage; real and path say
 * which object it is. Made once per (real, path), owned by pre.value_members. */
typedef struct {
  CDecl decl;
  CDecl *real;
  char *path;
  char *name;
} MemberDecl;

static void
member_free (gpointer p)
{
  MemberDecl *m = p;
  g_free (m->path);
  g_free (m->name);
  g_free (m);
}

/* The member D.PATH of type T as a declaration of its own. */
static CDecl *
member_decl (Lower *L, CDecl *d, const char *path, CType *t)
{
  if (!L->pre.value_members)
    L->pre.value_members = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, member_free);
  g_autofree char *key = g_strdup_printf ("%p%s", (void *) d, path);
  MemberDecl *m = g_hash_table_lookup (L->pre.value_members, key);
  if (!m)
    {
      m = g_new0 (MemberDecl, 1);
      m->decl = *d;
      m->decl.name = m->name = g_strconcat (d->name ? d->name : "?", path, NULL);
      m->decl.type = t;
      m->decl.init = NULL;
      m->decl.enum_prev = NULL;
      m->real = d;
      m->path = g_strdup (path);
      g_hash_table_insert (L->pre.value_members, g_steal_pointer (&key), m);
    }
  return &m->decl;
}

gboolean
lower_value_member_of (Lower *L, CDecl *m, CDecl **real, const char **path)
{
  if (!L->pre.value_members || !m)
    return FALSE;
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init (&it, L->pre.value_members);
  while (g_hash_table_iter_next (&it, &k, &v))
    if (&((MemberDecl *) v)->decl == m)
      {
        *real = ((MemberDecl *) v)->real;
        *path = ((MemberDecl *) v)->path;
        return TRUE;
      }
  return FALSE;
}

void
lower_value_members_free (Lower *L)
{
  if (L->pre.value_members)
    g_hash_table_unref (L->pre.value_members);
}

CDecl *
lower_value_chain (Lower *L, CExpr *e, GString *path)
{
  e = c_peel (e);
  g_string_truncate (path, 0);
  while (e && e->kind == C_EXPR_MEMBER && !e->arrow && e->text)
    {
      CType *t = strip (L, type_of (L, e->a));
      if (!t || t->kind != C_TYPE_STRUCT)
        return NULL;  /* a union's members overlap */
      g_string_prepend (path, e->text);
      g_string_prepend_c (path, '.');
      e = c_peel (e->a);
    }
  return e && e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_VAR ? e->decl : NULL;
}

/* The static scalar lvalue X names directly: a variable, or a member of a struct
 * variable (member_decl). */
static CDecl *
named_scalar (Lower *L, CExpr *x)
{
  x = c_peel (x);
  g_autoptr (GString) path = g_string_new (NULL);
  CDecl *d = lower_value_chain (L, x, path);
  if (!d || path->len == 0)
    return d;
  return member_decl (L, d, path->str, type_of (L, x));
}

/* The static scalar pointer E points to (`&D`, `&S.m`, or a parameter bound to one),
 * or NULL. */
CDecl *
lower_value_ptr_target (Lower *L, CExpr *e)
{
  e = c_peel (e);
  if (!e)
    return NULL;
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    return named_scalar (L, e->a);
  if (e->kind != C_EXPR_IDENT || !e->decl || e->decl->kind != C_DECL_PARAM)
    return NULL;
  if (L->vscan)
    {
      Binding *b = lower_value_bind (L->vscan, e->decl);
      return b ? b->ptr : NULL;
    }
  CExpr *arg;
  Frame *f = frame_of_param (L, e->decl, &arg);
  if (!f)
    return NULL;
  Frame *saved = L->frame;
  L->frame = f->up;
  CDecl *d = lower_value_ptr_target (L, arg);
  L->frame = saved;
  return d;
}

/* The constant values E may have, appended to OUT (a constant, or a parameter bound to
 * constants); FALSE when E is no such expression. */
gboolean
lower_value_consts (Lower *L, CExpr *e, GArray *out)
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
      Binding *b = lower_value_bind (L->vscan, e->decl);
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
  gboolean ok = lower_value_consts (L, arg, out);
  L->frame = saved;
  return ok;
}

gboolean
lower_value_const (Lower *L, CExpr *e, gint64 *out)
{
  if (lower_value_const1 (L, e, out))
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
gboolean
lower_value_const1 (Lower *L, CExpr *e, gint64 *out)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (!lower_value_consts (L, e, vs) || vs->len != 1)
    return FALSE;
  *out = g_array_index (vs, gint64, 0);
  return TRUE;
}

/* The static scalar lvalue E denotes: D itself, a member `S.m` of a struct (as a
 * declaration of its own), or `*p` with p pointing to one. */
CDecl *
lower_value_lvalue (Lower *L, CExpr *e)
{
  e = c_peel (e);
  if (e && (e->kind == C_EXPR_IDENT || e->kind == C_EXPR_MEMBER))
    return named_scalar (L, e);
  if (e && e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)
    return lower_value_ptr_target (L, e->a);
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
  CDecl *d = addr ? lower_value_ptr_target (L, addr) : NULL;
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
gboolean
lower_value_atomic (Lower *L, CExpr *e, Vop *out)
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
  CDecl *d = lower_value_ptr_target (L, addr);
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
gboolean
lower_value_convert (Lower *L, CDecl *d, gint64 v, gint64 *out)
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



/* E, peeled of the casts that keep every value of its type (lower_int_preserves), as
 * a static scalar lvalue (lower_value_lvalue), or NULL. */
static CDecl *
plain_read (Lower *L, CExpr *e)
{
  while (e && ((e->kind == C_EXPR_CAST && e->a) || (e->kind == C_EXPR_UNARY && e->op == C_OP_EXTENSION)))
    {
      if (e->kind == C_EXPR_CAST && !lower_int_preserves (L, e->type, type_of (L, e->a)))
        return NULL;
      e = e->a;
    }
  return lower_value_lvalue (L, e);
}


/* X as the value of a variable: a read of it or an atomic operation that returns it. */
gboolean
lower_value_expr (Lower *L, CExpr *x, ValueTest *vt)
{
  CDecl *d = plain_read (L, x);
  if (d)
    {
      vt->d = d, vt->atomic = FALSE;
      return TRUE;
    }
  Vop op;
  /* a load that orders nothing (relaxed) gives its value but no order: tested both ways */
  if (!lower_value_atomic (L, x, &op) || op.kind == VOP_STORE || (op.kind == VOP_LOAD && !op.ordered))
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
    return lower_value_const1 (L, e, k);
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (!lower_value_consts (L, e, vs) || vs->len == 0)
    return FALSE;
  *k = g_array_index (vs, gint64, 0);
  return TRUE;
}

/* Condition E (no && || ! at its top) as a test of a variable's value. */
gboolean
lower_value_test (Lower *L, CExpr *e, ValueTest *vt)
{
  CExpr *p = c_peel (e);
  if (!p)
    return FALSE;
  memset (vt, 0, sizeof *vt);
  if (p->kind == C_EXPR_BINARY && (p->op == C_OP_EQ || p->op == C_OP_NE || p->op == C_OP_LT || p->op == C_OP_LE
                                   || p->op == C_OP_GT || p->op == C_OP_GE))
    {
      gint64 k;
      if (test_const (L, p->b, &k) && lower_value_expr (L, p->a, vt))
        vt->cmp = p->op;
      else if (test_const (L, p->a, &k) && lower_value_expr (L, p->b, vt))
        vt->cmp = flip (p->op);
      else
        return FALSE;
      vt->k = k;
      return TRUE;
    }
  if (!lower_value_expr (L, p, vt))
    return FALSE;
  vt->cmp = C_OP_NE, vt->k = 0;
  return TRUE;
}

gboolean
lower_value_compare (COp op, gint64 a, gint64 b)
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
