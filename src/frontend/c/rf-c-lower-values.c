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
 *   - some condition of the program compares it with a constant where a thread waits
 *     on it (a loop's condition, a switch, `__VERIFIER_assume`, the result of a
 *     predicate, a test in an SV-COMP atomic function), or it is an atomic variable: value places only where the program
 *     synchronises on the value (a large program's init-once flags, tested by plain
 *     `if`s, would cost every search of it, knot's twice as much, and tell nothing);
 *     and it takes at most RF_VALUE_MAX values (its initial value and the constants
 *     stored);
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
 * not prove race-free (rf_program_forget_value) before it decides anything else.
 *
 * This file is the scan; rf-c-lower-vforms.c answers what an expression says about a
 * variable (atomic operations, bindings, tests), rf-c-lower-vmoves.c lowers its moves
 * and branches. */
#include "rf-c-lower-private.h"

#include <string.h>

/* The key of D in pre.values: a global by its name (every declaration of it, `extern`
 * ones and those of other files, is one object for the linker), a static local by its
 * declaration. Interned. */
static const char *
dom_key (CDecl *d)
{
  if ((d->file_scope || d->storage == C_STORAGE_EXTERN) && d->name)
    {
      /* a block-scope `extern int x;` declares the global too */
      g_autofree char *k = g_strconcat ("g:", d->name, NULL);
      return g_intern_string (k);
    }
  g_autofree char *k = g_strdup_printf ("s:%p", (void *) d);
  return g_intern_string (k);
}

ValueDom *
lower_value_dom (Lower *L, CDecl *d)
{
  return d && d->kind == C_DECL_VAR ? g_hash_table_lookup (L->pre.values, dom_key (d)) : NULL;
}

/* Adds the constant values of E (NULL: 0) to D's domain, or makes D bad. */
static void
dom_add (Lower *L, ValueDom *dom, CDecl *d, CExpr *e)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 zero = 0;
  if (!e)
    g_array_append_val (vs, zero);
  else if (!lower_value_consts (L, e, vs))
    {
      dom->bad = TRUE;
      return;
    }
  for (guint k = 0; k < vs->len; k++)
    {
      gint64 c;
      if (!lower_value_convert (L, d, g_array_index (vs, gint64, k), &c))
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
  GHashTable *names;        /* file-scope name -> NameInfo* (owned): its declarations */
  GPtrArray *taints;        /* Taint* (owned): the parts of variables pointers may reach */
  gboolean waiting;         /* scan_cond is looking at a condition a thread waits on */
};

/* Taint: variable obj from member path on (".a"; "" the whole of it) may be changed in
 * ways the scan does not follow: its address taken (not for an atomic operation or a
 * bound parameter), a struct assigned whole, an asm operand. */
typedef struct {
  CDecl *obj;
  char *path;
} Taint;

static void
taint_free (gpointer p)
{
  Taint *t = p;
  g_free (t->path);
  g_free (t);
}

/* The lvalue E (a variable or a member chain of one) may change in ways the scan does
 * not follow. */
static void
taint (ValueScan *sc, CExpr *e)
{
  g_autoptr (GString) path = g_string_new (NULL);
  CDecl *obj = lower_value_chain (sc->L, e, path);
  if (!obj)
    return;
  Taint *t = g_new0 (Taint, 1);
  t->obj = obj;
  t->path = g_strdup (path->str);
  g_ptr_array_add (sc->taints, t);
}

/* DOM's variable is a part of a tainted one (taint). */
static gboolean
tainted (ValueScan *sc, ValueDom *dom)
{
  CDecl *obj = dom->decl;
  const char *path = "";
  lower_value_member_of (sc->L, dom->decl, &obj, &path);
  for (guint i = 0; i < sc->taints->len; i++)
    {
      const Taint *t = g_ptr_array_index (sc->taints, i);
      gsize n = strlen (t->path);
      gboolean same = t->obj == obj || (t->obj->name && obj->name && (t->obj->file_scope || t->obj->storage == C_STORAGE_EXTERN)
                                        && (obj->file_scope || obj->storage == C_STORAGE_EXTERN)
                                        && strcmp (t->obj->name, obj->name) == 0);
      if (same && strncmp (t->path, path, n) == 0 && (path[n] == '\0' || path[n] == '.'))
        return TRUE;
    }
  return FALSE;
}

static void
binding_free (gpointer p)
{
  Binding *b = p;
  if (b->vals)
    g_array_unref (b->vals);
  g_free (b);
}

/* What parameter P stands for (see Binding), or NULL. */
Binding *
lower_value_bind (ValueScan *sc, CDecl *p)
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
      CDecl *d = arg ? lower_value_ptr_target (L, arg) : NULL;
      g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
      if (d && !b->vals && (!b->ptr || b->ptr == d))
        b->ptr = d;
      else if (!d && arg && !b->ptr && lower_value_consts (L, arg, vs))
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

/* NameInfo: the file-scope declarations of one name in the unit: how many, how many
 * `static`, how many define it (not `extern`), and the one with an initializer (two:
 * init2). */
typedef struct {
  guint n, n_static, n_defs;
  CDecl *init;
  gboolean init2;
} NameInfo;

/* D may be a value variable: a static scalar of the program's own. A global is one
 * object under all its declarations (dom_key) when it has external linkage everywhere
 * and the files define it; a `static` global declared more than once (maybe two
 * objects of two files) is not followed, nor one the files only declare `extern` (the
 * code that defines it may change it). */
static gboolean
candidate (ValueScan *sc, CDecl *d)
{
  Lower *L = sc->L;
  /* a struct member: its object is the struct variable */
  CDecl *obj = d;
  const char *path = "";
  if (d && lower_value_member_of (L, d, &obj, &path) && obj->init && obj->init->expr)
    return FALSE;  /* initialized by a struct value: its members' values are not known */
  gboolean global = obj && (obj->file_scope || obj->storage == C_STORAGE_EXTERN);
  const NameInfo *ni = global && obj->name ? g_hash_table_lookup (sc->names, obj->name) : NULL;
  if (!obj || obj->kind != C_DECL_VAR || obj->in_system || obj->thread_local
      || !(global || obj->storage == C_STORAGE_STATIC) || (L->module && obj->storage != C_STORAGE_STATIC)
      || (global && (!ni || ni->n_defs == 0 || ni->init2 || (ni->n_static > 0 && ni->n > 1))))
    return FALSE;
  CType *t = strip (L, d->type);
  return t && (t->kind == C_TYPE_ENUM || (t->kind == C_TYPE_BASIC && (t->basic == C_BASIC_BOOL || lower_int_type (L, t))));
}

/* The initial value of member PATH (one level, ".m") of struct variable OBJ, given
 * its braced initializer IN: the expression in *OUT (NULL: not initialized, so 0).
 * FALSE when it cannot be told (a deeper path, an initializer that is no braced list
 * of plain items). */
static gboolean
member_init (Lower *L, CDecl *obj, CInit *in, const char *path, CExpr **out)
{
  *out = NULL;
  CType *t = strip (L, obj->type);
  if (!in || in->expr || !t || t->kind != C_TYPE_STRUCT || !t->tag || !t->tag->members || path[0] != '.'
      || strchr (path + 1, '.'))
    return FALSE;
  for (guint k = 0; k < t->tag->members->len; k++)
    if (!((CDecl *) g_ptr_array_index (t->tag->members, k))->name)
      return FALSE;  /* unnamed members (anonymous structs, padding bit-fields) are not counted here */
  const char *name = path + 1;
  guint next = 0;  /* the member a positional item initializes */
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      guint at = next;
      if (it->designators && it->designators->len > 0)
        {
          CDesignator *ds = g_ptr_array_index (it->designators, 0);
          if (it->designators->len != 1 || ds->kind != C_DESIG_FIELD)
            return FALSE;
          gboolean found = FALSE;
          for (guint k = 0; k < t->tag->members->len && !found; k++)
            {
              CDecl *m = g_ptr_array_index (t->tag->members, k);
              if (m->name && g_strcmp0 (m->name, ds->field) == 0)
                at = k, found = TRUE;
            }
          if (!found)
            return FALSE;
        }
      if (at >= t->tag->members->len)
        return FALSE;
      CDecl *m = g_ptr_array_index (t->tag->members, at);
      if (!m->name)
        return FALSE;  /* an anonymous member: its fields are not counted here */
      if (strcmp (m->name, name) == 0)
        {
          CInit *v = it->init;
          while (v && !v->expr && v->items && v->items->len == 1)
            v = ((CInitItem *) g_ptr_array_index (v->items, 0))->init;  /* `{ 1 }` */
          if (!v || !v->expr)
            return FALSE;
          *out = v->expr;
        }
      next = at + 1;
    }
  return TRUE;
}

static ValueDom *
scan_dom (ValueScan *sc, CDecl *d)
{
  if (!candidate (sc, d))
    return NULL;
  ValueDom *dom = lower_value_dom (sc->L, d);
  if (!dom)
    {
      CDecl *obj = d;
      const char *path = "";
      gboolean member = lower_value_member_of (sc->L, d, &obj, &path);
      dom = g_new0 (ValueDom, 1);
      dom->values = g_array_new (FALSE, FALSE, sizeof (gint64));
      dom->var = -1;
      dom->fn = obj->file_scope ? NULL : g_hash_table_lookup (sc->static_fn, obj);
      if (!obj->file_scope && obj->storage != C_STORAGE_EXTERN && !dom->fn)
        dom->bad = TRUE;
      dom->decl = d;
      g_hash_table_insert (sc->L->pre.values, (gpointer) dom_key (d), dom);
      /* its initial value: the initializer (of the declaration that has one; of a
       * member, within the struct's braced initializer), or 0 */
      const NameInfo *ni = obj->file_scope || obj->storage == C_STORAGE_EXTERN
                           ? g_hash_table_lookup (sc->names, obj->name) : NULL;
      CDecl *def = ni ? ni->init : obj->init ? obj : NULL;
      CExpr *init = NULL;
      gboolean known = !def || (member ? member_init (sc->L, obj, def->init, path, &init) : (init = def->init->expr) != NULL);
      if (!known)
        dom->bad = TRUE;
      else
        dom_add (sc->L, dom, d, init);
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
  ValueDom *dom = lower_value_test (sc->L, p, &vt) ? scan_dom (sc, vt.d) : NULL;
  if (dom)
    {
      dom->compared = TRUE;
      dom->waited |= sc->waiting;
    }
}

/* Condition E where a thread waits on it (see waited). */
static void
scan_wait (ValueScan *sc, CExpr *e)
{
  gboolean saved = sc->waiting;
  sc->waiting = TRUE;
  scan_cond (sc, e);
  sc->waiting = saved;
}


/* E is a pointer parameter bound to a scalar: one of its uses the model follows. */
static void
good_use (ValueScan *sc, CExpr *e)
{
  e = c_peel (e);
  Binding *b = e && e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_PARAM ? lower_value_bind (sc, e->decl) : NULL;
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
      Binding *b = lower_value_bind (sc, g_ptr_array_index (fn->params, i));
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
          Binding *b = lower_value_bind (sc, e->decl);
          if (b && b->ptr)
            b->uses++;
        }
      break;
    case C_EXPR_ASSIGN:
      {
        /* a struct assigned whole changes every member */
        CType *lt = strip (L, type_of (L, e->a));
        if (lt && (lt->kind == C_TYPE_STRUCT || lt->kind == C_TYPE_UNION))
          taint (sc, e->a);
      }
      if ((dom = scan_dom (sc, lower_value_lvalue (L, e->a))))
        {
          if (e->op == C_OP_ASSIGN)
            dom_add (L, dom, lower_value_lvalue (L, e->a), e->b);
          else
            dom->bad = TRUE;
        }
      break;
    case C_EXPR_UNARY:
      if (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC)
        {
          if ((dom = scan_dom (sc, lower_value_lvalue (L, e->a))))
            dom->bad = TRUE;
        }
      else if (e->op == C_OP_ADDR && !g_hash_table_contains (sc->ok_addr, e))
        taint (sc, e->a);
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
        scan_wait (sc, g_ptr_array_index (e->args, 0));
      if (e->kind == C_EXPR_CALL)
        scan_args (sc, e);
      if (lower_value_atomic (L, e, &op) && (dom = scan_dom (sc, op.d)))
        {
          if (op.addr->kind == C_EXPR_UNARY)
            g_hash_table_add (sc->ok_addr, op.addr);
          else
            good_use (sc, op.addr);
          /* a change that orders nothing (a relaxed store, atomic_init, an acquire-only
           * exchange) gives no order to the threads that see it, unless no other
           * thread runs yet (main before its first thread: pthread_create orders it);
           * a relaxed load is only tested both ways (lower_value_expr) */
          if (!op.ordered && op.kind != VOP_LOAD && !sc->early)
            dom->bad = TRUE;
          dom->waited = TRUE;  /* an atomic variable is synchronisation on purpose */
          if (op.kind != VOP_LOAD)
            dom_add (L, dom, op.d, op.val);
          g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (gint64));
          if ((op.kind == VOP_CAS_BOOL || op.kind == VOP_CAS_VAL) && !lower_value_consts (L, op.expect, vs))
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
  if (e->kind == C_EXPR_IDENT || e->kind == C_EXPR_MEMBER)
    taint (data, e);
  return C_VISIT_CONTINUE;
}

static CVisitResult
scan_stmt (CStmt *s, gpointer data)
{
  ValueScan *sc = data;
  switch (s->kind)
    {
    case C_STMT_WHILE: case C_STMT_DO: case C_STMT_FOR:
      scan_wait (sc, s->expr);
      break;
    case C_STMT_IF:
      /* a test inside an SV-COMP atomic function is a test-and-set by convention */
      if (sc->fn && sc->fn->name && g_str_has_prefix (sc->fn->name, "__VERIFIER_atomic_"))
        scan_wait (sc, s->expr);
      else
        scan_cond (sc, s->expr);
      break;
    case C_STMT_SWITCH:
      {
        /* a switch compares its value with each case label (lower_value_switch) */
        ValueTest vt;
        memset (&vt, 0, sizeof vt);
        ValueDom *dom = lower_value_expr (sc->L, s->expr, &vt) ? scan_dom (sc, vt.d) : NULL;
        if (dom)
          dom->compared = dom->waited = TRUE;
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
          scan_wait (sc, s->expr);
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
                   g_hash_table_new (NULL, NULL), g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free),
                   g_ptr_array_new_with_free_func (taint_free) };
  L->vscan = &sc;
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (!d->name || (d->kind != C_DECL_VAR && d->kind != C_DECL_FUNC))
        continue;
      NameInfo *ni = g_hash_table_lookup (sc.names, d->name);
      if (!ni)
        g_hash_table_insert (sc.names, (gpointer) d->name, ni = g_new0 (NameInfo, 1));
      ni->n++;
      ni->n_static += d->storage == C_STORAGE_STATIC;
      ni->n_defs += d->kind == C_DECL_VAR && d->storage != C_STORAGE_EXTERN;
      if (d->kind == C_DECL_VAR && d->init)
        {
          ni->init2 |= ni->init != NULL && ni->init != d;
          ni->init = d;
        }
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
      ValueDom *dom = !b->bad && b->ptr ? lower_value_dom (L, b->ptr) : NULL;
      if (dom && b->uses != b->good)
        dom->bad = TRUE;
    }
  g_hash_table_iter_init (&it, L->pre.values);
  while (g_hash_table_iter_next (&it, &d, &p))
    {
      ValueDom *dom = p;
      /* a variable only main sets before it starts any thread (pre.stable) has one value
       * while threads run: following it would only multiply the states */
      const NameInfo *ni = dom->decl->file_scope || dom->decl->storage == C_STORAGE_EXTERN
                           ? g_hash_table_lookup (sc.names, dom->decl->name) : NULL;
      if (dom->bad || tainted (&sc, dom) || !dom->compared || dom->values->len == 0 || dom->values->len > RF_VALUE_MAX
          || !(dom->waited || rf_c_type_is_atomic (dom->decl->type))
          || ((!ni || ni->n == 1) && g_hash_table_contains (L->pre.stable, dom->decl)))
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
  g_ptr_array_unref (sc.taints);
}

void
lower_value_dom_free (gpointer p)
{
  ValueDom *dom = p;
  g_array_unref (dom->values);
  g_free (dom->name);
  g_free (dom);
}
