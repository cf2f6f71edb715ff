/* rf-c-lower-vmoves: value variables (rf-c-lower-values.c) in the lowering: the
 * variable of the model made at first use, the moves of assignments and atomic
 * operations, the branches of conditions and switches on its value.
 *
 * Approach. A change of a value variable is one RF_OP_VALUE edge per value it may
 * replace (from -> to), a test one per value that takes each branch (from -> from);
 * both come after the accesses of the statement they belong to, so the write or read
 * of the variable itself stays an access the race query sees. A variable of one value
 * has no variable of the model: its tests are decided where they are lowered. */
#include "rf-c-lower-private.h"

#include <string.h>


/* The value variable of D, made at its first use, or -1. */
static gint
value_var (Lower *L, CDecl *d)
{
  ValueDom *dom = lower_value_dom (L, d);
  if (!dom || L->quiet)
    return -1;
  if (dom->var >= 0 || (dom->name && dom->values->len == 1))
    return dom->var;
  /* a struct member: the place of that member of the struct's object */
  CDecl *obj = d;
  const char *path = "";
  lower_value_member_of (L, d, &obj, &path);
  RfCObj *r = lower_root_of_decl (L, obj, dom->fn);
  g_return_val_if_fail (r != NULL, -1);
  g_autofree char *name = place_name (rf_c_objects_loc (L->objs, r, path));
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
  gboolean b_any = op->val && !(lower_value_const1 (L, op->val, &raw) && lower_value_convert (L, op->d, raw, &b));
  gboolean a_known = !op->expect || lower_value_const1 (L, op->expect, &a);
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
  const ValueDom *dom = lower_value_dom (L, vt->d);
  const gint64 *vals = (const gint64 *) dom->values->data;
  guint nv = dom->values->len;
  guint from = L->cur;
  for (guint i = 0; i < nv; i++)
    {
      Outcome oc[2];
      guint n = outcomes (L, vt, vals[i], oc);
      for (guint k = 0; k < n; k++)
        {
          gboolean yes = !tests || lower_value_compare (vt->cmp, oc[k].result, vt->k);
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
  if (L->quiet || !lower_value_test (L, e, &vt) || !lower_value_dom (L, vt.d))
    return FALSE;
  /* the reads (and the operation's accesses) first, then the branch on the value */
  CExpr *skip = L->value_skip;
  L->value_skip = vt.atomic ? vt.op.x : NULL;
  lower_eval (L, e);
  L->value_skip = skip;
  gint var = value_var (L, vt.d);
  if (var < 0 && !lower_value_dom (L, vt.d)->name)
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
      CDecl *d = lower_value_lvalue (L, e->a);
      if (e->op != C_OP_ASSIGN || !lower_value_dom (L, d))
        return;
      vt.d = d, vt.atomic = TRUE;
      vt.op = (Vop) { VOP_STORE, e, NULL, d, e->b, NULL, TRUE };
    }
  else if ((e->kind == C_EXPR_CALL || e->kind == C_EXPR_STMT_EXPR) && e != L->value_skip
           && lower_value_atomic (L, e, &vt.op) && lower_value_dom (L, vt.op.d) && vt.op.kind != VOP_LOAD)
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
  if (L->quiet || !lower_value_expr (L, e, &vt) || !lower_value_dom (L, vt.d) || (vt.atomic && vt.op.kind != VOP_LOAD))
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
  const ValueDom *dom = lower_value_dom (L, vt.d);
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
