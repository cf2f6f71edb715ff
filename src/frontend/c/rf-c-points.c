/* rf-c-points: an inclusion-based points-to analysis of a whole C unit.
 *
 * Approach (Andersen). One walk over every function body and global initializer
 * turns each expression into a node (the set of locations its value may point to)
 * and states inclusions between nodes: `p = &x` puts x in p's cell, `p = q` copies,
 * `*p = q` stores q's set into the cells of every location in p's set, `q = *p`
 * loads them, `p->f` extends every location by the field, calls bind parameters to
 * arguments and results to returns (through a function pointer: to every function
 * its set reaches). The constraints are then applied in rounds until none adds
 * anything (each only ever adds, over a finite set of locations, so this ends).
 *
 * Memory. Each object holds one cell per field path that ever held a pointer (a
 * union is one cell: its members share it); a load from a location reads every cell
 * of its object that overlaps it (the cells below it and above it), so a store into a
 * whole struct is seen by a load of one field, and the other way round.
 *
 * Unknown values. A set may be "unknown": it may hold what the analysis cannot see.
 * Sources: integers converted to pointers (but the constant 0), results of calls to
 * code without a body, va_arg, parameters of functions started from outside. Objects
 * such code may write ("tainted": the objects its pointer arguments reach, globals
 * with external linkage, objects whose address became an integer other than to be
 * compared, or was stored through an unknown pointer) and objects whose
 * pointers may have been overwritten by other data ("smashed": bytes, integers and
 * unions stored over pointers, memcpy between different types) give unknown values
 * when read. A store through an unknown pointer goes to one summary cell, `memory`,
 * read by every load from an object whose address is taken; a load through one is
 * unknown. So a set that is not unknown is complete: the pointer holds one of its
 * locations, null, or a string literal. (Assumed, as by the lowering: accesses
 * respect C's effective types, and no pointer leaves an object by arithmetic.)
 *
 * This file: the objects the analysis meets, sets, applying the constraints until
 * nothing changes, and the answers; rf-c-points-gen.c states the constraints of the
 * tree, rf-c-points-uninit.c finds the locals read before they are assigned. */
#include "rf-c-points-private.h"

#include <string.h>

/* What the analysis knows of object ID; it has met the object. */
Obj *
pts_obj_at (RfCPoints *P, guint id)
{
  g_assert (id < P->objs->len && g_ptr_array_index (P->objs, id));
  return g_ptr_array_index (P->objs, id);
}

/* What it knows of object ID, or NULL when it never met it. */
static Obj *
obj_peek (RfCPoints *P, guint id)
{
  return id < P->objs->len ? g_ptr_array_index (P->objs, id) : NULL;
}

static Node *
node_at (RfCPoints *P, guint id)
{
  return g_ptr_array_index (P->nodes, id);
}

static const RfCLoc *
loc_at (RfCPoints *P, guint id)
{
  return rf_c_objects_nth_loc (P->objects, id);
}

guint
pts_node_new (RfCPoints *P)
{
  Node *n = g_new0 (Node, 1);
  n->obj = NO_OBJ;
  g_ptr_array_add (P->nodes, n);
  return P->nodes->len - 1;
}

static void
node_free (Node *n)
{
  if (n->set)
    g_hash_table_unref (n->set);
  g_free (n->path);
  g_free (n);
}

static void
obj_free (Obj *o)
{
  if (!o)
    return;
  g_free (o->name);
  g_array_unref (o->cells);
  g_hash_table_unref (o->cell_of);
  g_free (o);
}

/* The analysis meets object O: its id, after making its state (named NAME for dumps,
 * owned) when it has none yet. */
static guint
obj_meet (RfCPoints *P, RfCObj *o, char *name)
{
  if (o->id >= P->objs->len)
    g_ptr_array_set_size (P->objs, o->id + 1);
  if (g_ptr_array_index (P->objs, o->id))
    {
      g_free (name);
      return o->id;
    }
  Obj *s = g_new0 (Obj, 1);
  s->o = o;
  s->name = name;
  s->cells = g_array_new (FALSE, FALSE, sizeof (guint));
  s->cell_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_ptr_array_index (P->objs, o->id) = s;
  return o->id;
}

/* The object of variable or parameter D (FN: the function it belongs to, for locals):
 * a global with external linkage is one object whatever declaration names it. */
guint
pts_obj_var (RfCPoints *P, CDecl *d, CDecl *fn)
{
  RfCObj *o = rf_c_objects_var (P->objects, d, fn);
  gboolean local = !d->file_scope && d->storage != C_STORAGE_EXTERN;
  char *name = local && fn ? g_strdup_printf ("%s:%s", fn->name, d->name ? d->name : "?") : g_strdup (d->name ? d->name : "?");
  return obj_meet (P, o, name);
}

CDecl *
pts_func_def (RfCPoints *P, const char *name)
{
  return name ? g_hash_table_lookup (P->funcs, name) : NULL;
}

/* The object of function D (its definition when it has one). */
guint
pts_obj_func (RfCPoints *P, CDecl *d)
{
  CDecl *def = pts_func_def (P, d->name);
  gconstpointer key = def ? (gconstpointer) def : (gconstpointer) g_intern_string (d->name ? d->name : "?");
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_FUNC, key, d->type, d->loc);
  if (!o->decl)
    o->decl = def ? def : d;
  return obj_meet (P, o, g_strdup_printf ("%s()", d->name ? d->name : "?"));
}

/* The object of compound literal E. */
guint
pts_obj_literal (RfCPoints *P, CExpr *e)
{
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_LITERAL, e, e->type, e->loc);
  g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
  guint id = obj_meet (P, o, g_strdup_printf ("literal@%s:%u", base, e->loc.line));
  pts_obj_at (P, id)->addr_taken = TRUE;
  return id;
}

/* The object of every string literal. */
guint
pts_obj_strings (RfCPoints *P)
{
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_STRINGS, g_intern_string ("$strings"), NULL, RF_LOC_NONE);
  return obj_meet (P, o, g_strdup ("string literals"));
}

/* The object of the C library's hidden state NAME (rf-c-libc.h): untyped, one cell. */
guint
pts_obj_state (RfCPoints *P, const char *name)
{
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_LIBSTATE, g_intern_string (name), NULL, RF_LOC_NONE);
  return obj_meet (P, o, g_strdup (name));
}

/* The object of allocation call E: the table's, or one made here (untyped) when the
 * analysis owns its table; else (the caller knows no object for the site) NO_OBJ. */
guint
pts_obj_heap (RfCPoints *P, CExpr *e)
{
  RfCObj *o = rf_c_objects_find (P->objects, RF_C_OBJ_HEAP, e);
  if (!o && !P->own_objects)
    return NO_OBJ;
  if (!o)
    o = rf_c_objects_get (P->objects, RF_C_OBJ_HEAP, e, NULL, e->loc);
  g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
  guint id = obj_meet (P, o, g_strdup_printf ("heap@%s:%u", base, e->loc.line));
  pts_obj_at (P, id)->addr_taken = TRUE;
  return id;
}

/* The struct result of function DEF. */
guint
pts_obj_result (RfCPoints *P, CDecl *def)
{
  CType *ft = strip (P, def->type);
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_TEMP, def, ft && ft->kind == C_TYPE_FUNCTION ? ft->base : NULL,
                                def->loc);
  return obj_meet (P, o, g_strdup_printf ("result@%s", def->name ? def->name : "?"));
}

/* PATH in object O made normal: as a location path, or as a cell path (CELL); *TYPE
 * gets the type there (see rf_c_objects_normal_path). Owned. */
char *
pts_normal_path (RfCPoints *P, Obj *o, const char *path, gboolean cell, CType **type)
{
  return rf_c_objects_normal_path (P->objects, o->o, path, cell, type);
}

guint
pts_loc_id (RfCPoints *P, guint obj, const char *path)
{
  return rf_c_objects_loc (P->objects, pts_obj_at (P, obj)->o, path)->id;
}

/* The cell of object OBJ at PATH (made normal as a cell path). */
guint
pts_cell_id (RfCPoints *P, guint obj, const char *path)
{
  Obj *o = pts_obj_at (P, obj);
  g_autofree char *np = pts_normal_path (P, o, path, TRUE, NULL);
  gpointer v = g_hash_table_lookup (o->cell_of, np);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint id = pts_node_new (P);
  Node *n = node_at (P, id);
  n->obj = obj;
  n->path = g_steal_pointer (&np);
  g_array_append_val (o->cells, id);
  g_hash_table_insert (o->cell_of, n->path, GUINT_TO_POINTER (id + 1));
  return id;
}

/* A is B, or one of them lies inside the other (paths end at segment boundaries). */
static gboolean
overlap (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  if (la > lb)
    {
      const char *t = a;
      a = b;
      b = t;
      gsize tl = la;
      la = lb;
      lb = tl;
    }
  return strncmp (a, b, la) == 0 && (b[la] == '\0' || b[la] == '.' || b[la] == '[');
}

void
pts_set_add (RfCPoints *P, guint node, guint loc)
{
  Node *n = node_at (P, node);
  if (!n->set)
    n->set = g_hash_table_new (NULL, NULL);
  if (g_hash_table_add (n->set, GUINT_TO_POINTER (loc + 1)))
    P->changed = TRUE;
}

void
pts_set_unknown (RfCPoints *P, guint node)
{
  Node *n = node_at (P, node);
  if (!n->unknown)
    {
      n->unknown = TRUE;
      P->changed = TRUE;
    }
}

/* DST ⊇ SRC. */
static void
merge (RfCPoints *P, guint dst, guint src)
{
  if (dst == src)
    return;
  Node *s = node_at (P, src);
  if (s->unknown)
    pts_set_unknown (P, dst);
  if (!s->set)
    return;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, s->set);
  while (g_hash_table_iter_next (&it, &k, NULL))
    pts_set_add (P, dst, GPOINTER_TO_UINT (k) - 1);
}

static int
cmp_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* The location ids of node N in increasing order. */
static GArray *
sorted_locs (RfCPoints *P, guint n)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (guint));
  Node *nd = node_at (P, n);
  if (nd->set)
    {
      GHashTableIter it;
      gpointer k;
      g_hash_table_iter_init (&it, nd->set);
      while (g_hash_table_iter_next (&it, &k, NULL))
        {
          guint id = GPOINTER_TO_UINT (k) - 1;
          g_array_append_val (a, id);
        }
    }
  g_array_sort (a, cmp_uint);
  return a;
}

static void
obj_flag (RfCPoints *P, gboolean *flag)
{
  if (!*flag)
    {
      *flag = TRUE;
      P->changed = TRUE;
    }
}

/* Location L seen as objects of type WANT (rf_c_objects_view), appended to OUT as
 * location ids. */
static void
view (RfCPoints *P, guint l, CType *want, GArray *out)
{
  g_autoptr (GPtrArray) vs = g_ptr_array_new ();
  rf_c_objects_view (P->objects, loc_at (P, l), want, vs);
  for (guint i = 0; i < vs->len; i++)
    g_array_append_val (out, ((const RfCLoc *) g_ptr_array_index (vs, i))->id);
}

void
pts_cons_add (RfCPoints *P, ConsKind kind, guint dst, guint src, CType *type, gconstpointer x)
{
  Cons c = { kind, dst, src, type, x };
  g_array_append_val (P->cons, c);
}

/* A node holding location (OBJ, PATH). */
guint
pts_node_of_loc (RfCPoints *P, guint obj, const char *path)
{
  guint n = pts_node_new (P);
  pts_set_add (P, n, pts_loc_id (P, obj, path));
  return n;
}

/* The value of what location L holds, read as TYPE, into DST. */
static void
load_loc (RfCPoints *P, guint dst, guint l, CType *type)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, l, type, vs);
  for (guint i = 0; i < vs->len; i++)
    {
      const RfCLoc *x = loc_at (P, g_array_index (vs, guint, i));
      Obj *o = pts_obj_at (P, x->obj->id);
      if (o->o->kind == RF_C_OBJ_FUNC)
        continue;
      g_autofree char *cp = pts_normal_path (P, o, x->path, TRUE, NULL);
      for (guint k = 0; k < o->cells->len; k++)
        {
          guint c = g_array_index (o->cells, guint, k);
          if (overlap (node_at (P, c)->path, cp))
            merge (P, dst, c);
        }
      if (o->smashed || o->tainted)
        pts_set_unknown (P, dst);
      if (o->addr_taken)
        merge (P, dst, P->mem);
    }
}

static void
store_loc (RfCPoints *P, guint l, guint src, CType *type)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, l, type, vs);
  for (guint i = 0; i < vs->len; i++)
    {
      const RfCLoc *x = loc_at (P, g_array_index (vs, guint, i));
      if (pts_obj_at (P, x->obj->id)->o->kind != RF_C_OBJ_FUNC)
        merge (P, pts_cell_id (P, x->obj->id, x->path), src);
    }
}

/* Data that is not a pointer, of type TYPE (NULL: bytes), stored at location L: the
 * pointers there may be overwritten. */
static void
scalar_loc (RfCPoints *P, guint l, CType *type)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, l, type, vs);
  for (guint i = 0; i < vs->len; i++)
    {
      const RfCLoc *x = loc_at (P, g_array_index (vs, guint, i));
      Obj *o = pts_obj_at (P, x->obj->id);
      /* the cell's type: a union (named or anonymous) holding the location */
      CType *ct = NULL;
      g_free (pts_normal_path (P, o, x->path, TRUE, &ct));
      if (o->o->kind != RF_C_OBJ_FUNC
          && (rf_c_type_holds_pointers (P->ty, x->type) || rf_c_type_holds_pointers (P->ty, ct)))
        obj_flag (P, &o->smashed);
    }
}

/* The cells under location S copied to those under location D (a struct copy or
 * memcpy); TYPE: the copied type, NULL for bytes. */
static void
copy_loc (RfCPoints *P, guint d, guint s, CType *type)
{
  g_autoptr (GArray) ds = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) ss = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, d, type, ds);
  view (P, s, type, ss);
  for (guint i = 0; i < ss->len; i++)
    for (guint j = 0; j < ds->len; j++)
      {
        const RfCLoc *xs = loc_at (P, g_array_index (ss, guint, i)), *xd = loc_at (P, g_array_index (ds, guint, j));
        Obj *os = pts_obj_at (P, xs->obj->id), *od = pts_obj_at (P, xd->obj->id);
        if (os->o->kind == RF_C_OBJ_FUNC || od->o->kind == RF_C_OBJ_FUNC)
          continue;
        CType *ts = xs->type, *td = xd->type;
        gboolean same = (!ts && !td) || (ts && td && rf_c_type_compatible (P->ty, ts, td)
                                          && is_aggregate (P, ts) == is_aggregate (P, td));
        /* other data copied over pointers */
        if (!same && rf_c_type_holds_pointers (P->ty, td) && rf_c_type_holds_scalars (P->ty, ts))
          obj_flag (P, &od->smashed);
        if (os->smashed || os->tainted)
          obj_flag (P, &od->smashed);
        g_autofree char *sp = pts_normal_path (P, os, xs->path, TRUE, NULL);
        g_autofree char *dp = pts_normal_path (P, od, xd->path, TRUE, NULL);
        gsize sl = strlen (sp);
        for (guint k = 0; k < os->cells->len; k++)
          {
            guint c = g_array_index (os->cells, guint, k);
            const char *cp = node_at (P, c)->path;
            if (!overlap (cp, sp))
              continue;
            /* a cell below S keeps its place under D; one above S (holding pointers
             * anywhere in it) goes to D's own cell */
            g_autofree char *tp = strlen (cp) > sl && same ? g_strconcat (dp, cp + sl, NULL) : g_strdup (dp);
            merge (P, pts_cell_id (P, xd->obj->id, tp), c);
          }
        if (os->addr_taken)
          merge (P, pts_cell_id (P, xd->obj->id, dp), P->mem);
      }
}

/* Code without a body gets OBJ: it may write anything into it, or call it (a
 * function) with any arguments. */
static void
taint (RfCPoints *P, guint obj, gboolean keeps)
{
  Obj *o = pts_obj_at (P, obj);
  if (o->o->kind != RF_C_OBJ_FUNC)
    obj_flag (P, &o->tainted);
  else if (!o->escaped)
    {
      /* code without a body may call the function: with any arguments; when it may
       * keep it (KEEPS), at any time later too: it escapes */
      if (keeps)
        obj_flag (P, &o->escaped);
      CDecl *def = o->o->decl && o->o->decl->body ? o->o->decl
                   : o->o->decl && o->o->decl->name ? pts_func_def (P, o->o->decl->name) : NULL;
      for (guint j = 0; def && def->params && j < def->params->len; j++)
        {
          guint p = pts_obj_var (P, g_ptr_array_index (def->params, j), def);
          pts_set_unknown (P, pts_cell_id (P, p, ""));
          pts_obj_at (P, p)->smashed = TRUE;
        }
    }
}

/* The functions a call through a pointer with an unknown set may reach. */
static void
bind_indirect (RfCPoints *P, Call *k)
{
  gboolean any = FALSE;
  for (guint i = 0; P->opts.indirect && i < P->opts.indirect->len; i++)
    {
      CDecl *d = g_ptr_array_index (P->opts.indirect, i);
      CType *t = strip (P, d->type);
      guint np = d->params ? d->params->len : 0;
      if (k->create ? !(t && t->kind == C_TYPE_FUNCTION && t->params && t->params->len == 1
                        && rf_c_type_is_pointerish (P->ty, t->base))
                    : np != k->vals->len)
        continue;
      pts_bind (P, k, d);
      any = TRUE;
    }
  if (!any && !k->create)
    pts_bind_unknown (P, k);
}

static void
apply_call (RfCPoints *P, Call *k)
{
  Node *f = node_at (P, k->fnode);
  if (f->set)
    {
      g_autoptr (GArray) ls = sorted_locs (P, k->fnode);
      for (guint i = 0; i < ls->len; i++)
        {
          const RfCLoc *l = loc_at (P, g_array_index (ls, guint, i));
          if (l->obj->kind != RF_C_OBJ_FUNC)
            continue;
          CDecl *def = pts_func_def (P, l->obj->decl->name);
          if (def)
            pts_bind (P, k, def);
          else if (!k->create && !k->called_back)
            pts_bind_library (P, k, l->obj->decl);
        }
    }
  if (f->unknown)
    bind_indirect (P, k);
}

static void
apply (RfCPoints *P, Cons *c)
{
  Node *s = node_at (P, c->src);
  g_autoptr (GArray) ls = NULL;
  switch (c->kind)
    {
    case K_COPY:
      merge (P, c->dst, c->src);
      return;
    case K_CALL:
      apply_call (P, (Call *) c->x);
      return;
    default:
      break;
    }
  ls = sorted_locs (P, c->src);
  switch (c->kind)
    {
    case K_FIELD: case K_DECAY:
      {
        g_autofree char *suffix = c->kind == K_FIELD ? g_strconcat (".", (const char *) c->x, NULL) : g_strdup ("[]");
        for (guint i = 0; i < ls->len; i++)
          {
            const RfCLoc *l = loc_at (P, g_array_index (ls, guint, i));
            g_autofree char *p = g_strconcat (l->path, suffix, NULL);
            pts_set_add (P, c->dst, pts_loc_id (P, l->obj->id, p));
          }
        if (s->unknown)
          pts_set_unknown (P, c->dst);
      }
      return;
    case K_TAKE:
      for (guint i = 0; i < ls->len; i++)
        obj_flag (P, &pts_obj_at (P, loc_at (P, g_array_index (ls, guint, i))->obj->id)->addr_taken);
      return;
    case K_LOAD:
      for (guint i = 0; i < ls->len; i++)
        load_loc (P, c->dst, g_array_index (ls, guint, i), c->type);
      if (s->unknown)
        pts_set_unknown (P, c->dst);
      return;
    case K_STORE:
      /* here src is the pointer and dst the value */
      for (guint i = 0; i < ls->len; i++)
        store_loc (P, g_array_index (ls, guint, i), c->dst, c->type);
      if (s->unknown)
        merge (P, P->mem, c->dst);
      return;
    case K_SCALAR:
      for (guint i = 0; i < ls->len; i++)
        scalar_loc (P, g_array_index (ls, guint, i), c->type);
      /* bytes through an unknown pointer may land on any pointer */
      if (s->unknown && (!c->type || rf_c_type_is_any (P->ty, c->type)))
        pts_set_unknown (P, P->mem);
      return;
    case K_COPYOBJ:
      {
        Node *d = node_at (P, c->dst);
        g_autoptr (GArray) ds = sorted_locs (P, c->dst);
        for (guint i = 0; i < ls->len; i++)
          for (guint j = 0; j < ds->len; j++)
            copy_loc (P, g_array_index (ds, guint, j), g_array_index (ls, guint, i), c->type);
        if (s->unknown)
          for (guint j = 0; j < ds->len; j++)
            obj_flag (P, &pts_obj_at (P, loc_at (P, g_array_index (ds, guint, j))->obj->id)->smashed);
        if (d->unknown)
          {
            if (s->unknown)
              pts_set_unknown (P, P->mem);
            for (guint i = 0; i < ls->len; i++)
              load_loc (P, P->mem, g_array_index (ls, guint, i), NULL);
          }
      }
      return;
    case K_TAINT:
    case K_CALLBACK:
      for (guint i = 0; i < ls->len; i++)
        taint (P, loc_at (P, g_array_index (ls, guint, i))->obj->id, c->kind == K_TAINT);
      return;
    case K_EXPOSE:
      for (guint i = 0; i < ls->len; i++)
        obj_flag (P, &pts_obj_at (P, loc_at (P, g_array_index (ls, guint, i))->obj->id)->exposed);
      return;
    default:
      return;
    }
}

/* Code without a body may hand out the address of every global with external
 * linkage (so stores through unknown pointers may reach them), and may get (and
 * write) every object whose address became an integer, and every object whose address
 * the program stored through an unknown pointer (into `memory`: the pointer may be
 * one that code handed out, into its own memory). */
static void
externals (RfCPoints *P)
{
  if (!P->externals_done)
    {
      P->externals_done = TRUE;
      for (guint i = 0; i < P->decls->len; i++)
        {
          CDecl *d = g_ptr_array_index (P->decls, i);
          if (d->kind == C_DECL_VAR && d->file_scope && d->storage != C_STORAGE_STATIC
              && d->storage != C_STORAGE_TYPEDEF && !d->in_system && !d->thread_local)
            {
              guint o = pts_obj_var (P, d, NULL);
              obj_flag (P, &pts_obj_at (P, o)->addr_taken);
            }
        }
    }
  for (guint i = 0; i < P->objs->len; i++)
    if (pts_obj_at (P, i)->exposed)
      taint (P, i, TRUE);
  g_autoptr (GArray) ls = sorted_locs (P, P->mem);
  for (guint j = 0; j < ls->len; j++)
    taint (P, loc_at (P, g_array_index (ls, guint, j))->obj->id, TRUE);
}

/* Everything a tainted object points to is tainted. */
static void
spread_taint (RfCPoints *P)
{
  for (guint i = 0; i < P->objs->len; i++)
    {
      Obj *o = pts_obj_at (P, i);
      if (!o->tainted)
        continue;
      for (guint k = 0; k < o->cells->len; k++)
        {
          g_autoptr (GArray) ls = sorted_locs (P, g_array_index (o->cells, guint, k));
          for (guint j = 0; j < ls->len; j++)
            taint (P, loc_at (P, g_array_index (ls, guint, j))->obj->id, TRUE);
        }
      if (o->addr_taken)
        {
          g_autoptr (GArray) ls = sorted_locs (P, P->mem);
          for (guint j = 0; j < ls->len; j++)
            taint (P, loc_at (P, g_array_index (ls, guint, j))->obj->id, TRUE);
        }
    }
}

static void
solve (RfCPoints *P)
{
  /* pre: every constraint stated; post: applying any of them adds nothing */
  do
    {
      P->changed = FALSE;
      for (guint i = 0; i < P->cons->len; i++)
        {
          Cons c = g_array_index (P->cons, Cons, i);
          apply (P, &c);
        }
      if (P->unknown_calls)
        externals (P);
      spread_taint (P);
    }
  while (P->changed);
}

RfCPoints *
rf_c_points_analyse (const RfCUnit *unit, RfCTypes *ty, const RfCPointsOptions *opts)
{
  g_return_val_if_fail (unit != NULL && ty != NULL, NULL);
  RfCPoints *P = g_new0 (RfCPoints, 1);
  P->unit = unit;
  P->ty = ty;
  if (opts)
    P->opts = *opts;
  P->funcs = g_hash_table_new (g_str_hash, g_str_equal);
  P->objs = g_ptr_array_new_with_free_func ((GDestroyNotify) obj_free);
  P->own_objects = !P->opts.objects;
  P->objects = P->opts.objects ? P->opts.objects : rf_c_objects_new (ty);
  P->nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  P->cons = g_array_new (FALSE, FALSE, sizeof (Cons));
  P->calls = g_ptr_array_new_with_free_func ((GDestroyNotify) pts_call_free);
  P->val_of = g_hash_table_new (NULL, NULL);
  P->addr_of = g_hash_table_new (NULL, NULL);
  P->ret_of = g_hash_table_new (NULL, NULL);
  P->indeterminate = g_hash_table_new (NULL, NULL);
  P->empty = pts_node_new (P);
  P->unknown = pts_node_new (P);
  node_at (P, P->unknown)->unknown = TRUE;
  P->mem = pts_node_new (P);
  P->specific = pts_node_new (P);

  P->decls = c_unit_decls (unit);
  for (guint i = 0; i < P->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (P->decls, i);
      if (d->kind == C_DECL_FUNC && d->body && d->name && !g_hash_table_contains (P->funcs, d->name))
        g_hash_table_insert (P->funcs, (gpointer) d->name, d);
    }
  for (guint i = 0; i < P->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (P->decls, i);
      P->fn = NULL;
      if (d->kind == C_DECL_FUNC && d->body)
        {
          P->fn = d;
          pts_find_indeterminate (P, d->body);
          pts_stmt (P, d->body);
        }
      else
        pts_decl (P, d);
    }
  P->fn = NULL;
  /* a global only declared here is defined (and initialised) by code the analysis
   * does not see */
  g_autoptr (GHashTable) defined = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < P->decls->len; i++)
      {
        CDecl *d = g_ptr_array_index (P->decls, i);
        if (d->kind != C_DECL_VAR || !d->file_scope || !d->name || d->storage == C_STORAGE_TYPEDEF)
          continue;
        if (pass == 0 && (d->storage != C_STORAGE_EXTERN || d->init))
          g_hash_table_add (defined, (gpointer) d->name);
        else if (pass == 1 && !g_hash_table_contains (defined, d->name))
          {
            Obj *o = pts_obj_at (P, pts_obj_var (P, d, NULL));
            o->smashed = o->addr_taken = TRUE;
          }
      }
  /* functions called from outside: their parameters point anywhere; but main's
   * argv and envp point to the program's arguments: an array of pointers to
   * strings, memory of the C runtime that no program object shares */
  for (guint i = 0; P->opts.started && i < P->opts.started->len; i++)
    {
      CDecl *fn = g_ptr_array_index (P->opts.started, i);
      for (guint j = 0; fn->params && j < fn->params->len; j++)
        {
          CDecl *pd = g_ptr_array_index (fn->params, j);
          CType *pt = strip (P, rf_c_type_of_decl (P->ty, pd));
          if (fn->name && strcmp (fn->name, "main") == 0 && j >= 1 && j <= 2 && pt
              && (pt->kind == C_TYPE_POINTER || pt->kind == C_TYPE_ARRAY) && strip (P, pt->base)
              && strip (P, pt->base)->kind == C_TYPE_POINTER)
            {
              gconstpointer ka = g_intern_string (RF_C_OBJ_ARGV_ARRAY), ks = g_intern_string (RF_C_OBJ_ARGV_STRINGS);
              RfCObj *oa = rf_c_objects_get (P->objects, RF_C_OBJ_ARGV, ka, pt->base, fn->loc);
              RfCObj *os = rf_c_objects_get (P->objects, RF_C_OBJ_ARGV, ks, strip (P, pt->base)->base, fn->loc);
              guint a = obj_meet (P, oa, g_strdup ("argv[]"));
              guint str = obj_meet (P, os, g_strdup ("argv strings"));
              pts_obj_at (P, a)->addr_taken = pts_obj_at (P, str)->addr_taken = TRUE;
              pts_set_add (P, pts_cell_id (P, a, ""), pts_loc_id (P, str, ""));
              pts_set_add (P, pts_cell_id (P, pts_obj_var (P, pd, fn), ""), pts_loc_id (P, a, ""));
              continue;
            }
          guint o = pts_obj_var (P, g_ptr_array_index (fn->params, j), fn);
          pts_set_unknown (P, pts_cell_id (P, o, ""));
          pts_obj_at (P, o)->smashed = TRUE;
        }
    }
  /* the library states the caller made (the lowering's pre-pass) that no call here
   * handed out a pointer into: met all the same (every object of the table is) */
  for (guint i = 0; i < rf_c_objects_n (P->objects); i++)
    {
      RfCObj *o = rf_c_objects_nth (P->objects, i);
      if (o->kind == RF_C_OBJ_LIBSTATE)
        pts_obj_state (P, o->key);
    }
  solve (P);
  return P;
}

/* The objects of node N's set join the shared ones (pushed on TODO). */
static void
share_set (RfCPoints *P, guint n, GArray *todo)
{
  Node *nd = node_at (P, n);
  if (!nd->set)
    return;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, nd->set);
  while (g_hash_table_iter_next (&it, &k, NULL))
    {
      guint o = loc_at (P, GPOINTER_TO_UINT (k) - 1)->obj->id;
      if (!P->shared[o])
        {
          P->shared[o] = 1;
          g_array_append_val (todo, o);
        }
    }
}

/* Objects other threads may reach: every object but locals and parameters (globals,
 * statics, heap, literals, results), those code without a body was given or whose
 * address became an integer, what pthread_create arguments, arguments in the
 * variadic part of calls (read back by va_arg, which the analysis does not follow),
 * pthread_setspecific and stores through unknown pointers may point to; then all
 * that their cells point to, to a fixpoint. */
static void
compute_shared (RfCPoints *P)
{
  P->shared = g_new0 (guint8, P->objs->len + 1);
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint o = 0; o < P->objs->len; o++)
    {
      Obj *ob = pts_obj_at (P, o);
      gboolean local = ob->o->kind == RF_C_OBJ_VAR && ob->o->fn && ob->o->decl && !c_is_static_object (ob->o->decl);
      if ((!local && ob->o->kind != RF_C_OBJ_FUNC) || ob->tainted || ob->exposed)
        {
          P->shared[o] = 1;
          g_array_append_val (todo, o);
        }
    }
  share_set (P, P->mem, todo);
  share_set (P, P->specific, todo);
  for (guint i = 0; i < P->calls->len; i++)
    {
      Call *k = g_ptr_array_index (P->calls, i);
      if (k->create)
        {
          for (guint j = 0; j < k->vals->len; j++)
            share_set (P, g_array_index (k->vals, guint, j), todo);
          continue;
        }
      GHashTableIter it;
      gpointer def;
      g_hash_table_iter_init (&it, k->bound);
      while (g_hash_table_iter_next (&it, &def, NULL))
        for (guint j = ((CDecl *) def)->params ? ((CDecl *) def)->params->len : 0; j < k->vals->len; j++)
          share_set (P, g_array_index (k->vals, guint, j), todo);
    }
  while (todo->len > 0)
    {
      guint o = g_array_index (todo, guint, todo->len - 1);
      g_array_set_size (todo, todo->len - 1);
      Obj *ob = pts_obj_at (P, o);
      for (guint c = 0; c < ob->cells->len; c++)
        share_set (P, g_array_index (ob->cells, guint, c), todo);
    }
}

gboolean
rf_c_points_local_shared (RfCPoints *P, CDecl *d)
{
  RfCObj *o = rf_c_objects_find (P->objects, RF_C_OBJ_VAR, rf_c_objects_var_key (d));
  if (!o || !obj_peek (P, o->id))
    return TRUE;
  if (!P->shared)
    compute_shared (P);
  return P->shared[o->id] != 0;
}

void
rf_c_points_free (RfCPoints *P)
{
  if (!P)
    return;
  g_free (P->shared);
  g_ptr_array_unref (P->decls);
  g_hash_table_unref (P->funcs);
  g_ptr_array_unref (P->objs);
  if (P->own_objects)
    rf_c_objects_free (P->objects);
  g_ptr_array_unref (P->nodes);
  g_array_unref (P->cons);
  g_ptr_array_unref (P->calls);
  g_hash_table_unref (P->val_of);
  g_hash_table_unref (P->addr_of);
  g_hash_table_unref (P->ret_of);
  g_hash_table_unref (P->indeterminate);
  g_free (P);
}

gboolean
rf_c_points_lookup (RfCPoints *P, CExpr *e, CType *want, GPtrArray *out)
{
  g_return_val_if_fail (P != NULL && out != NULL, FALSE);
  gpointer m = e ? g_hash_table_lookup (P->val_of, e) : NULL;
  if (!m || node_at (P, GPOINTER_TO_UINT (m) - 1)->unknown)
    return FALSE;
  g_autoptr (GArray) ls = sorted_locs (P, GPOINTER_TO_UINT (m) - 1);
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < ls->len; i++)
    view (P, g_array_index (ls, guint, i), want, vs);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < vs->len; i++)
    if (g_hash_table_add (seen, GUINT_TO_POINTER (g_array_index (vs, guint, i) + 1)))
      g_ptr_array_add (out, (gpointer) loc_at (P, g_array_index (vs, guint, i)));
  return TRUE;
}

gboolean
rf_c_points_has_unknown_calls (RfCPoints *P)
{
  g_return_val_if_fail (P != NULL, FALSE);
  return P->unknown_calls;
}

GPtrArray *
rf_c_points_escaped_functions (RfCPoints *P)
{
  g_return_val_if_fail (P != NULL, NULL);
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < P->objs->len; i++)
    {
      Obj *o = pts_obj_at (P, i);
      if (o->o->kind == RF_C_OBJ_FUNC && o->escaped && o->o->decl && o->o->decl->body)
        g_ptr_array_add (out, o->o->decl);
    }
  return out;
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char *
rf_c_points_to_string (RfCPoints *P)
{
  g_return_val_if_fail (P != NULL, NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < P->nodes->len; i++)
    {
      Node *n = node_at (P, i);
      gboolean is_mem = i == P->mem;
      if ((n->obj == NO_OBJ && !is_mem) || (!n->unknown && (!n->set || g_hash_table_size (n->set) == 0)))
        continue;
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GArray) ls = sorted_locs (P, i);
      for (guint j = 0; j < ls->len; j++)
        {
          const RfCLoc *l = loc_at (P, g_array_index (ls, guint, j));
          g_ptr_array_add (names, g_strconcat (pts_obj_at (P, l->obj->id)->name, l->path, NULL));
        }
      g_ptr_array_sort (names, cmp_str);
      if (n->unknown)
        g_ptr_array_insert (names, 0, g_strdup ("?"));
      g_ptr_array_add (names, NULL);
      g_autofree char *set = g_strjoinv (", ", (char **) names->pdata);
      const char *oname = is_mem ? "memory" : pts_obj_at (P, n->obj)->name;
      g_ptr_array_add (lines, g_strdup_printf ("%s%s -> {%s}", oname, is_mem ? "" : n->path, set));
    }
  g_ptr_array_sort (lines, cmp_str);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (const char *) g_ptr_array_index (lines, i));
  for (guint i = 0; i < P->objs->len; i++)
    {
      Obj *o = pts_obj_at (P, i);
      if ((o->smashed || o->tainted) && !(o->o->decl && o->o->decl->in_system) && rf_c_type_holds_pointers (P->ty, o->o->type))
        g_string_append_printf (out, "%s: %s\n", o->name, o->tainted ? "tainted" : "smashed");
    }
  return g_string_free (out, FALSE);
}
