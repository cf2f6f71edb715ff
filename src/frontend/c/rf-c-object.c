/* rf-c-object: the table of abstract objects and interned locations (see rf-c-object.h).
 *
 * Objects are found by (kind, key) in one hash table per kind; locations by path in one
 * hash table per object. Paths are made normal against the object's type, so that the
 * lowering and the points-to analysis, which both build paths segment by segment, meet
 * at the same RfCLoc. */
#include "rf-c-object.h"

#include <string.h>
#include "rf-c-tree.h"

enum { N_KINDS = RF_C_OBJ_LIBSTATE + 1 };

/* RfCObjects: objs: RfCObj* (owned) by id; by_key[kind]: key -> RfCObj*; locs: RfCLoc*
 * (owned, path owned) by id; loc_of: per object id, normal path -> RfCLoc* (owned
 * tables). Invariant: objs->len == loc_of->len; every location's path is normal. */
struct _RfCObjects {
  RfCTypes *ty;
  GPtrArray *objs;
  GHashTable *by_key[N_KINDS];
  GPtrArray *locs;
  GPtrArray *loc_of;
};

static void
obj_free (RfCObj *o)
{
  if (o->clients)
    g_ptr_array_unref (o->clients);
  g_free (o->name);
  g_free (o);
}

static void
loc_free (RfCLoc *l)
{
  g_free ((char *) l->path);
  g_free (l);
}

RfCObjects *
rf_c_objects_new (RfCTypes *ty)
{
  RfCObjects *objs = g_new0 (RfCObjects, 1);
  objs->ty = ty;
  objs->objs = g_ptr_array_new_with_free_func ((GDestroyNotify) obj_free);
  for (guint k = 0; k < N_KINDS; k++)
    objs->by_key[k] = g_hash_table_new (NULL, NULL);
  objs->locs = g_ptr_array_new_with_free_func ((GDestroyNotify) loc_free);
  objs->loc_of = g_ptr_array_new_with_free_func ((GDestroyNotify) g_hash_table_unref);
  return objs;
}

void
rf_c_objects_free (RfCObjects *objs)
{
  if (!objs)
    return;
  g_ptr_array_unref (objs->objs);
  for (guint k = 0; k < N_KINDS; k++)
    g_hash_table_unref (objs->by_key[k]);
  g_ptr_array_unref (objs->loc_of);
  g_ptr_array_unref (objs->locs);
  g_free (objs);
}

RfCObj *
rf_c_objects_find (RfCObjects *objs, RfCObjKind kind, gconstpointer key)
{
  return g_hash_table_lookup (objs->by_key[kind], key);
}

RfCObj *
rf_c_objects_get (RfCObjects *objs, RfCObjKind kind, gconstpointer key, CType *type, RfLoc loc)
{
  RfCObj *o = g_hash_table_lookup (objs->by_key[kind], key);
  if (o)
    return o;
  o = g_new0 (RfCObj, 1);
  o->id = objs->objs->len;
  o->kind = kind;
  o->key = key;
  o->type = type;
  o->loc = loc;
  g_ptr_array_add (objs->objs, o);
  g_ptr_array_add (objs->loc_of, g_hash_table_new (g_str_hash, g_str_equal));
  g_hash_table_insert (objs->by_key[kind], (gpointer) key, o);
  return o;
}

gconstpointer
rf_c_objects_var_key (CDecl *d)
{
  return c_is_static_object (d) && d->storage != C_STORAGE_STATIC ? (gconstpointer) g_intern_string (d->name)
                                                                   : (gconstpointer) d;
}

RfCObj *
rf_c_objects_var (RfCObjects *objs, CDecl *d, CDecl *fn)
{
  gconstpointer key = rf_c_objects_var_key (d);
  RfCObj *o = rf_c_objects_find (objs, RF_C_OBJ_VAR, key);
  if (o)
    return o;
  /* a parameter of array or function type is a pointer */
  CType *t = rf_c_type_of_decl (objs->ty, d), *st = rf_c_type_strip (objs->ty, t);
  if (d->kind == C_DECL_PARAM && st && (st->kind == C_TYPE_ARRAY || st->kind == C_TYPE_FUNCTION))
    t = rf_c_type_pointer_to (objs->ty, st->kind == C_TYPE_ARRAY ? st->base : t);
  o = rf_c_objects_get (objs, RF_C_OBJ_VAR, key, t, d->loc);
  o->decl = d;
  o->fn = !d->file_scope && d->storage != C_STORAGE_EXTERN ? fn : NULL;
  return o;
}

guint
rf_c_objects_n (RfCObjects *objs)
{
  return objs->objs->len;
}

RfCObj *
rf_c_objects_nth (RfCObjects *objs, guint id)
{
  g_return_val_if_fail (id < objs->objs->len, NULL);
  return g_ptr_array_index (objs->objs, id);
}

guint
rf_c_objects_n_locs (RfCObjects *objs)
{
  return objs->locs->len;
}

const RfCLoc *
rf_c_objects_nth_loc (RfCObjects *objs, guint id)
{
  g_return_val_if_fail (id < objs->locs->len, NULL);
  return g_ptr_array_index (objs->locs, id);
}

/* ---- paths ---- */

static gboolean
is_kind (RfCObjects *objs, CType *t, CTypeKind k)
{
  t = rf_c_type_strip (objs->ty, t);
  return t && t->kind == k;
}

/* The next segment of path *P (".name" or "[]"), advancing it; NULL at the end. Owned. */
static char *
next_segment (const char **p)
{
  const char *s = *p;
  if (!*s)
    return NULL;
  const char *e = s + 1;
  if (*s == '[')
    e = s + 2;
  else
    while (*e && *e != '.' && *e != '[')
      e++;
  *p = e;
  return g_strndup (s, e - s);
}

/* Member NAME of struct type T is reached through an anonymous union. */
static gboolean
member_in_union (RfCObjects *objs, CType *t, const char *name, int depth)
{
  t = rf_c_type_strip (objs->ty, t);
  if (!t || !t->tag || !t->tag->members || depth > 8)
    return FALSE;
  for (guint i = 0; i < t->tag->members->len; i++)
    {
      CDecl *m = g_ptr_array_index (t->tag->members, i);
      if (m->name && strcmp (m->name, name) == 0)
        return FALSE;
    }
  for (guint i = 0; i < t->tag->members->len; i++)
    {
      CDecl *m = g_ptr_array_index (t->tag->members, i);
      if (!m->name && rf_c_type_member (objs->ty, m->type, name))
        return is_kind (objs, m->type, C_TYPE_UNION) || member_in_union (objs, m->type, name, depth + 1);
    }
  return FALSE;
}

char *
rf_c_objects_normal_path (RfCObjects *objs, RfCObj *obj, const char *path, gboolean cell, CType **type)
{
  GString *out = g_string_new (NULL);
  CType *t = obj->type;
  const char *p = path;
  char *seg;
  while (t && (seg = next_segment (&p)))
    {
      CType *st = rf_c_type_strip (objs->ty, t), *m = NULL;
      gboolean ok = FALSE;
      if (seg[0] == '[')
        ok = st && st->kind == C_TYPE_ARRAY, m = ok ? st->base : NULL;
      else if (st && st->kind == C_TYPE_STRUCT && (m = rf_c_type_member (objs->ty, st, seg + 1)))
        ok = !(cell && member_in_union (objs, st, seg + 1, 0));
      if (ok)
        {
          g_string_append (out, seg);
          t = m;
        }
      g_free (seg);
      if (!ok && cell)
        break;
      if (cell && is_kind (objs, t, C_TYPE_UNION))
        break;
    }
  if (type)
    *type = t;
  return g_string_free (out, FALSE);
}

const RfCLoc *
rf_c_objects_loc (RfCObjects *objs, RfCObj *obj, const char *path)
{
  CType *t;
  g_autofree char *np = rf_c_objects_normal_path (objs, obj, path, FALSE, &t);
  GHashTable *of = g_ptr_array_index (objs->loc_of, obj->id);
  RfCLoc *l = g_hash_table_lookup (of, np);
  if (l)
    return l;
  l = g_new0 (RfCLoc, 1);
  l->id = objs->locs->len;
  l->obj = obj;
  l->path = g_steal_pointer (&np);
  l->type = t;
  g_ptr_array_add (objs->locs, l);
  g_hash_table_insert (of, (gpointer) l->path, l);
  return l;
}

const char *
rf_c_objects_bitfield_head (RfCObjects *objs, CType *t, const char *field)
{
  t = rf_c_type_strip (objs->ty, t);
  if (!t || t->kind != C_TYPE_STRUCT || !t->tag || !t->tag->members || !field)
    return field;
  const char *head = NULL;
  for (guint i = 0; i < t->tag->members->len; i++)
    {
      CDecl *m = g_ptr_array_index (t->tag->members, i);
      gint64 w = -1;
      if (!m->bit_width || (c_const_int (m->bit_width, &w) && w == 0))
        head = NULL;  /* not a bit-field, or a zero-width one: the run ends */
      else if (!head && m->name)
        head = m->name;
      if (m->name && strcmp (m->name, field) == 0)
        return m->bit_width && head ? head : field;
    }
  return field;
}

const RfCLoc *
rf_c_objects_member (RfCObjects *objs, const RfCLoc *loc, const char *field)
{
  CType *t = rf_c_type_strip (objs->ty, loc->type);
  if (!t || t->kind != C_TYPE_STRUCT || !rf_c_type_member (objs->ty, t, field))
    return loc;
  g_autofree char *path = g_strconcat (loc->path, ".", rf_c_objects_bitfield_head (objs, t, field), NULL);
  return rf_c_objects_loc (objs, loc->obj, path);
}

const RfCLoc *
rf_c_objects_element (RfCObjects *objs, const RfCLoc *loc)
{
  if (!is_kind (objs, loc->type, C_TYPE_ARRAY))
    return loc;
  g_autofree char *path = g_strconcat (loc->path, "[]", NULL);
  return rf_c_objects_loc (objs, loc->obj, path);
}

/* ---- views ---- */

static void
match (RfCObjects *objs, RfCObj *obj, const char *path, CType *type, CType *want, GPtrArray *out, int depth)
{
  CType *t = rf_c_type_strip (objs->ty, type);
  if (rf_c_type_compatible (objs->ty, t, want))
    {
      g_ptr_array_add (out, (gpointer) rf_c_objects_loc (objs, obj, path));
      return;
    }
  if (!t || depth > 8)
    return;
  if (t->kind == C_TYPE_ARRAY)
    {
      g_autofree char *p = g_strconcat (path, "[]", NULL);
      match (objs, obj, p, t->base, want, out, depth + 1);
    }
  else if ((t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION) && t->tag && t->tag->members)
    {
      guint before = out->len;
      for (guint i = 0; i < t->tag->members->len; i++)
        {
          CDecl *m = g_ptr_array_index (t->tag->members, i);
          g_autofree char *p = m->name && t->kind == C_TYPE_STRUCT ? g_strconcat (path, ".", m->name, NULL)
                                                                  : g_strdup (path);
          match (objs, obj, p, m->type, want, out, depth + 1);
        }
      if (t->kind == C_TYPE_UNION && out->len > before)
        {
          /* a union is one location */
          g_ptr_array_set_size (out, before);
          g_ptr_array_add (out, (gpointer) rf_c_objects_loc (objs, obj, path));
        }
    }
}

void
rf_c_objects_match (RfCObjects *objs, RfCObj *obj, const char *path, CType *type, CType *want, GPtrArray *out)
{
  match (objs, obj, path, type, want, out, 0);
}

void
rf_c_objects_view (RfCObjects *objs, const RfCLoc *loc, CType *want, GPtrArray *out)
{
  if (!want || rf_c_type_is_any (objs->ty, want) || !loc->type || loc->obj->kind == RF_C_OBJ_FUNC
      || rf_c_type_compatible (objs->ty, loc->type, want))
    {
      g_ptr_array_add (out, (gpointer) loc);
      return;
    }
  guint before = out->len;
  match (objs, loc->obj, loc->path, loc->type, want, out, 0);
  if (out->len == before)
    match (objs, loc->obj, "", loc->obj->type, want, out, 0);
  if (out->len == before)
    g_ptr_array_add (out, (gpointer) rf_c_objects_loc (objs, loc->obj, ""));
}
