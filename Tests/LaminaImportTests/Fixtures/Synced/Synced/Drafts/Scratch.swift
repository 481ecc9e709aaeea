// Left out of the target by the folder's exceptions.
