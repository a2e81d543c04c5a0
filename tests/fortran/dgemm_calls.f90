! call dgemm(...) from gfortran against libswblas.so: every transpose (also in
! lower case), padded leading dimensions, checked against a plain loop with an
! error bound derived from k and epsilon; then an illegal argument, reported
! to this program's own XERBLA. Stops with a non-zero code on any failure.
module xerbla_record
  implicit none
  integer :: calls = 0, last_info = 0
  character(len=6) :: last_name = ' '
end module xerbla_record

! Replaces swblas's XERBLA (the library calls it through the PLT).
subroutine xerbla(srname, info)
  use xerbla_record
  implicit none
  character(len=*), intent(in) :: srname
  integer, intent(in) :: info
  calls = calls + 1
  last_info = info
  last_name = srname
end subroutine xerbla

program dgemm_calls
  use xerbla_record
  implicit none
  character(len=1), parameter :: trans(6) = ['N', 'T', 'C', 'n', 't', 'c']
  integer, parameter :: shapes(3, 5) = reshape([1, 1, 1, 3, 5, 2, 17, 13, 33, &
                                                64, 70, 50, 5, 4, 0], [3, 5])
  integer :: ia, ib, s, failures
  failures = 0
  do s = 1, size(shapes, 2)
    do ia = 1, 6
      do ib = 1, 6
        if (.not. matches(trans(ia), trans(ib), shapes(1, s), shapes(2, s), &
                          shapes(3, s), 0.7d0, 1.3d0)) failures = failures + 1
      end do
    end do
  end do
  if (.not. matches('T', 'N', 9, 8, 7, -1.0d0, 0.0d0)) failures = failures + 1
  if (.not. reports_illegal_m()) failures = failures + 1
  if (failures /= 0) then
    print '(a, i0, a)', 'dgemm_calls: ', failures, ' failure(s)'
    stop 1
  end if
  print '(a)', 'dgemm_calls: all dgemm calls agree with the reference loop'

contains

  ! C := alpha*op(A)*op(B) + beta*C through swblas, compared with a loop.
  logical function matches(ta, tb, m, n, k, alpha, beta)
    character(len=1), intent(in) :: ta, tb
    integer, intent(in) :: m, n, k
    double precision, intent(in) :: alpha, beta
    integer, parameter :: pad = 3
    double precision, allocatable :: a(:, :), b(:, :), c(:, :), ref(:, :), bound(:, :)
    integer :: lda, ldb, ldc, i, j, l
    double precision :: p, s, abs_s
    lda = merge(m, k, is_n(ta)) + pad
    ldb = merge(k, n, is_n(tb)) + pad
    ldc = m + pad
    allocate(a(lda, max(1, merge(k, m, is_n(ta)))), b(ldb, max(1, merge(n, k, is_n(tb)))))
    allocate(c(ldc, n), ref(m, n), bound(m, n))
    call random_number(a)
    call random_number(b)
    call random_number(c)
    do j = 1, n
      do i = 1, m
        s = 0
        abs_s = 0
        do l = 1, k
          p = element(a, ta, i, l) * element(b, tb, l, j)
          s = s + p
          abs_s = abs_s + abs(p)
        end do
        ref(i, j) = alpha * s + beta * c(i, j)
        bound(i, j) = (2 * k + 4) * epsilon(1d0) * (abs(alpha) * abs_s + abs(beta * c(i, j)))
      end do
    end do
    call dgemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
    matches = all(abs(c(1:m, 1:n) - ref) <= bound)
    if (.not. matches) print '(a, 2a2, 3i4)', 'mismatch: ', ta, tb, m, n, k
  end function matches

  logical function is_n(t)
    character(len=1), intent(in) :: t
    is_n = t == 'N' .or. t == 'n'
  end function is_n

  ! op(X)(i, j) of a stored operand.
  double precision function element(x, t, i, j)
    double precision, intent(in) :: x(:, :)
    character(len=1), intent(in) :: t
    integer, intent(in) :: i, j
    if (is_n(t)) then
      element = x(i, j)
    else
      element = x(j, i)
    end if
  end function element

  ! M < 0: XERBLA('DGEMM ', 3), and C untouched.
  logical function reports_illegal_m()
    double precision :: a(2, 2), b(2, 2), c(2, 2)
    a = 1
    b = 1
    c = 42
    calls = 0
    call dgemm('N', 'N', -1, 2, 2, 1.0d0, a, 2, b, 2, 0.0d0, c, 2)
    reports_illegal_m = calls == 1 .and. last_info == 3 .and. &
                        last_name == 'DGEMM ' .and. maxval(abs(c - 42)) <= 0
    if (.not. reports_illegal_m) print '(a, i0, a, i0, 2a)', 'xerbla calls ', &
        calls, ', info ', last_info, ', name ', last_name
  end function reports_illegal_m

end program dgemm_calls
