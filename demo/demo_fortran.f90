! A Fortran program using swblas through the standard BLAS interface:
! C := alpha * A^T * B + beta * C with call dgemm(...), checked against a
! plain loop and printed. Build: gfortran demo_fortran.f90 -lswblas
program demo_fortran
  implicit none
  integer, parameter :: m = 4, n = 3, k = 5
  double precision :: a(k, m), b(k, n), c(m, n), expected(m, n)
  double precision :: alpha = 0.5d0, beta = 2.0d0, s, abs_s, bound
  integer :: i, j, l, wrong

  do i = 1, m
    do l = 1, k
      a(l, i) = i + 0.25d0 * l
    end do
  end do
  do j = 1, n
    do l = 1, k
      b(l, j) = 1 - 0.5d0 * j + l
    end do
  end do
  do j = 1, n
    do i = 1, m
      c(i, j) = i - j
    end do
  end do

  ! A is stored k x m, so op(A) = A^T is m x k.
  call dgemm('T', 'N', m, n, k, alpha, a, k, b, k, beta, c, m)

  wrong = 0
  do j = 1, n
    do i = 1, m
      s = 0
      abs_s = 0
      do l = 1, k
        s = s + a(l, i) * b(l, j)
        abs_s = abs_s + abs(a(l, i) * b(l, j))
      end do
      expected(i, j) = alpha * s + beta * (i - j)
      bound = (2 * k + 4) * epsilon(1d0) * (abs(alpha) * abs_s + abs(beta * (i - j)))
      if (.not. abs(c(i, j) - expected(i, j)) <= bound) wrong = wrong + 1
    end do
  end do

  print '(a, f3.1, a, f3.1, a)', 'C = ', alpha, ' * A^T * B + ', beta, ' * C (call dgemm):'
  do i = 1, m
    print '(3f10.4)', c(i, :)
  end do
  if (wrong /= 0) then
    print '(a)', 'MISMATCH with the reference loop'
    stop 1
  end if
  print '(a)', 'matches the reference loop'
end program demo_fortran
